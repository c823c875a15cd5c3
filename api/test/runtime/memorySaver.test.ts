import { DEFAULT_MEMORY_SAVER_RSS_MB, MEMORY_SAVER_CALM_MS, MEMORY_SAVER_HYSTERESIS_MB, parseMemorySaverRssMb, startMemorySaver } from '../../src/runtime/memorySaver';

/** A saver over a scripted RSS and clock, its V8 flags recorded (no timer: each check() reads the next figure). */
function scriptedSaver(thresholdMb: number) {
  let rssMb = 0;
  let nowMs = 0;
  const flags: string[] = [];
  const changes: Array<[boolean, number]> = [];
  const saver = startMemorySaver({
    thresholdMb,
    everyMs: 0,
    readRssMb: () => rssMb,
    now: () => nowMs,
    setV8Flags: (flag) => flags.push(flag),
    onChange: (saving, rss) => changes.push([saving, rss]),
  });
  /** The RSS read `afterMs` after the previous reading. */
  const at = (megabytes: number, afterMs = 1000) => {
    rssMb = megabytes;
    nowMs += afterMs;
    saver.check();
    return saver.saving;
  };
  return { saver, at, flags, changes };
}

describe('the memory saver', () => {
  it('asks V8 to favour memory once the RSS passes the threshold, and for speed again only after a calm well below it', () => {
    const { at, flags, changes } = scriptedSaver(225);
    expect(at(200)).toBe(false);
    expect(at(225)).toBe(false);
    expect(flags).toEqual([]);
    expect(at(226)).toBe(true);
    expect(flags).toEqual(['--optimize-for-size']);
    // Between the threshold and the hysteresis below it: it stays on, telling V8 nothing new.
    expect(at(240)).toBe(true);
    expect(at(225 - MEMORY_SAVER_HYSTERESIS_MB + 1)).toBe(true);
    expect(flags).toEqual(['--optimize-for-size']);
    // Below the line, it waits for the calm to last.
    expect(at(225 - MEMORY_SAVER_HYSTERESIS_MB - 1)).toBe(true);
    expect(at(225 - MEMORY_SAVER_HYSTERESIS_MB - 1, MEMORY_SAVER_CALM_MS - 1)).toBe(true);
    expect(at(225 - MEMORY_SAVER_HYSTERESIS_MB - 1, 1)).toBe(false);
    expect(flags).toEqual(['--optimize-for-size', '--no-optimize-for-size']);
    expect(changes).toEqual([
      [true, 226],
      [false, 225 - MEMORY_SAVER_HYSTERESIS_MB - 1],
    ]);
    // Below the threshold again: off stays off.
    expect(at(220)).toBe(false);
    expect(flags).toHaveLength(2);
  });

  it('stays on through a load whose RSS dips below the line between collections', () => {
    const { at, flags } = scriptedSaver(225);
    expect(at(240)).toBe(true);
    // Every 20 s a dip below the line, then the load's RSS again: each dip starts the calm over.
    for (let second = 0; second < 600; second += 20) {
      expect(at(200, 10_000)).toBe(true);
      expect(at(220, 10_000)).toBe(true);
    }
    expect(flags).toEqual(['--optimize-for-size']);
    // The load over, the RSS stays low: off once, after the calm.
    expect(at(180)).toBe(true);
    expect(at(180, MEMORY_SAVER_CALM_MS)).toBe(false);
    expect(flags).toEqual(['--optimize-for-size', '--no-optimize-for-size']);
  });

  it('gives V8 its speed back when stopped while on, and does nothing when off', () => {
    const on = scriptedSaver(100);
    on.at(150);
    on.saver.stop();
    expect(on.flags).toEqual(['--optimize-for-size', '--no-optimize-for-size']);
    expect(on.saver.saving).toBe(false);

    const off = scriptedSaver(100);
    off.at(50);
    off.saver.stop();
    expect(off.flags).toEqual([]);
  });

  it('leaves out the memory that password hashes in flight hold, which no collection gives back', () => {
    let transientMb = 38;
    const flags: string[] = [];
    const saver = startMemorySaver({ thresholdMb: 225, everyMs: 0, readRssMb: () => 240, transientMb: () => transientMb, setV8Flags: (flag) => flags.push(flag) });
    saver.check();
    // 240 MB of which two hashes' 38: 202 MB that V8 could act on, under the threshold.
    expect(saver.saving).toBe(false);
    transientMb = 0;
    saver.check();
    expect(saver.saving).toBe(true);
    expect(flags).toEqual(['--optimize-for-size']);
    saver.stop();
  });

  it('never turns on with a threshold of 0', () => {
    const { at, flags } = scriptedSaver(0);
    expect(at(10_000)).toBe(false);
    expect(flags).toEqual([]);
  });

  it('reads MEMORY_SAVER_RSS_MB as whole megabytes, the default when unset, and refuses anything else', () => {
    expect(parseMemorySaverRssMb(undefined)).toBe(DEFAULT_MEMORY_SAVER_RSS_MB);
    expect(parseMemorySaverRssMb(' ')).toBe(DEFAULT_MEMORY_SAVER_RSS_MB);
    expect(parseMemorySaverRssMb('300')).toBe(300);
    expect(parseMemorySaverRssMb('0')).toBe(0);
    for (const bad of ['-1', '12.5', '200MB', 'abc']) expect(() => parseMemorySaverRssMb(bad)).toThrow(/MEMORY_SAVER_RSS_MB must be a whole number of megabytes/);
  });

  it('reads the real RSS on its own timer when given no reader', async () => {
    const flags: string[] = [];
    // 1 MB: any process is above it, so the first reading turns it on.
    const saver = startMemorySaver({ thresholdMb: 1, everyMs: 10, setV8Flags: (flag) => flags.push(flag) });
    try {
      for (let waited = 0; !saver.saving && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(saver.saving).toBe(true);
      expect(flags).toEqual(['--optimize-for-size']);
    } finally {
      saver.stop();
    }
    expect(flags).toEqual(['--optimize-for-size', '--no-optimize-for-size']);
  });
});
