import { setFlagsFromString } from 'node:v8';

/**
 * The API's memory saver: when the process's resident memory passes a threshold, V8 is told to favour memory over
 * speed (its `--optimize-for-size`), and back to speed once the RSS has stayed MEMORY_SAVER_HYSTERESIS_MB below it for
 * MEMORY_SAVER_CALM_MS.
 *
 * Why: V8 keeps the heap pages it reached while a load ran, and only a memory-reducing collection gives them back.
 * How far the heap overshoots depends on how fast its GC threads keep up, so the same load leaves 94 to 132 MB of them
 * (decision 0022). An embedder tells V8 when memory is tight (Chrome's memory saver); Node has no such call, but V8
 * reads this flag at each collection's start: while it is on, every full collection reduces memory and returns the
 * pooled pages. It costs CPU only while it is on (always on: 9–15 % more a shop answer, twice a floor answer).
 */

/** The RSS (MB) above which the saver turns on, unless MEMORY_SAVER_RSS_MB says otherwise: under the 250 MB budget with room for a load's peak. */
export const DEFAULT_MEMORY_SAVER_RSS_MB = 225;
/** It turns off once the RSS is this much below its threshold, so that it does not flap at the line, */
export const MEMORY_SAVER_HYSTERESIS_MB = 15;
/**
 * … and has stayed there this long: under a steady load the RSS dips below the line between collections, and a saver
 * turned off at each dip turned on again seconds later, answers costing many times their CPU around the flips
 * (docs/decisions/0022-api-process-memory-settings.md).
 */
export const MEMORY_SAVER_CALM_MS = 30_000;
const CHECK_EVERY_MS = 1000;

/** MEMORY_SAVER_RSS_MB: a whole number of MB (0 turns the saver off); unset: the default. */
export function parseMemorySaverRssMb(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return DEFAULT_MEMORY_SAVER_RSS_MB;
  const megabytes = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(megabytes)) {
    throw new Error(`MEMORY_SAVER_RSS_MB must be a whole number of megabytes (0 turns the memory saver off), got ${JSON.stringify(value)}`);
  }
  return megabytes;
}

export interface MemorySaverOptions {
  /** The RSS (MB) above which it turns on; 0: never. */
  thresholdMb: number;
  /** Told each time it turns on or off. */
  onChange?: (saving: boolean, rssMb: number) => void;
  /** The process's RSS in MB (tests give their own). */
  readRssMb?: () => number;
  /**
   * MB of the RSS that work in flight holds and frees itself when it ends (password hashes: 19 MiB each), left out of
   * the comparison: a memory-reducing GC cannot give it back.
   */
  transientMb?: () => number;
  /** V8's flags (tests give their own). */
  setV8Flags?: (flags: string) => void;
  /** How often the RSS is read; 0: only when `check()` is called. */
  everyMs?: number;
  /** How long the RSS must stay below the hysteresis line before the saver turns off (ms). */
  calmMs?: number;
  /** The clock the calm is timed on (tests give their own). */
  now?: () => number;
}

export interface MemorySaver {
  readonly saving: boolean;
  /** Reads the RSS once and turns the saver on or off. */
  check(): void;
  /** Stops reading, and gives V8 its speed back if the saver was on. */
  stop(): void;
}

export function startMemorySaver({
  thresholdMb,
  onChange,
  readRssMb = () => process.memoryUsage.rss() / 1_048_576,
  transientMb = () => 0,
  setV8Flags = setFlagsFromString,
  everyMs = CHECK_EVERY_MS,
  calmMs = MEMORY_SAVER_CALM_MS,
  now = Date.now,
}: MemorySaverOptions): MemorySaver {
  let saving = false;
  /** Since when the RSS has been below the hysteresis line while saving; null while it is not. */
  let calmSince: number | null = null;
  const turn = (on: boolean, rssMb: number) => {
    setV8Flags(on ? '--optimize-for-size' : '--no-optimize-for-size');
    saving = on;
    onChange?.(on, rssMb);
  };
  const check = () => {
    if (thresholdMb <= 0) return;
    const rssMb = readRssMb() - transientMb();
    if (!saving) {
      if (rssMb > thresholdMb) turn(true, rssMb);
      return;
    }
    if (rssMb >= thresholdMb - MEMORY_SAVER_HYSTERESIS_MB) {
      calmSince = null;
      return;
    }
    calmSince ??= now();
    if (now() - calmSince >= calmMs) {
      calmSince = null;
      turn(false, rssMb);
    }
  };
  const timer = thresholdMb > 0 && everyMs > 0 ? setInterval(check, everyMs) : null;
  timer?.unref();
  return {
    get saving() {
      return saving;
    },
    check,
    stop() {
      if (timer) clearInterval(timer);
      if (saving) turn(false, readRssMb());
    },
  };
}
