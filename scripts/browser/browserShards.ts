import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Seconds each spec file took in a whole run (`e2e/specDurations.json`), to split the suite into shards of equal time. */
export type SpecDurations = Record<string, number>;

export function readSpecDurations(file: string): SpecDurations {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SpecDurations;
  } catch {
    return {};
  }
}

export function listSpecs(testDir: string): string[] {
  return readdirSync(testDir).filter((name) => name.endsWith('.spec.ts')).sort();
}

/**
 * Splits the spec files into `count` shards of about equal time: longest first, each to the shard with the least so far.
 * A file with no recorded time (a new spec) weighs the median of the others.
 */
export function splitSpecs(specs: string[], durations: SpecDurations, count: number): string[][] {
  const known = specs.map((spec) => durations[spec]).filter((seconds): seconds is number => typeof seconds === 'number' && seconds > 0);
  const sorted = [...known].sort((a, b) => a - b);
  const median = sorted.length > 0 ? sorted[Math.floor(sorted.length / 2)]! : 1;
  const weight = (spec: string) => (typeof durations[spec] === 'number' && durations[spec]! > 0 ? durations[spec]! : median);
  const shards = Array.from({ length: count }, () => ({ specs: [] as string[], seconds: 0 }));
  for (const spec of [...specs].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    lightest.specs.push(spec);
    lightest.seconds += weight(spec);
  }
  return shards.map((shard) => shard.specs.sort()).filter((specsOfShard) => specsOfShard.length > 0);
}

/** A spec file as a Playwright CLI filter that matches that file only (the filter is a regular expression on the path). */
export function specFilter(testDirName: string, spec: string): string {
  return `${testDirName}/${spec.replace(/\./g, '\\.')}$`;
}

export const SPEC_DURATIONS_FILE = path.join('e2e', 'specDurations.json');
