import { readFileSync } from 'node:fs';

let cached: string | null = null;

/** The shared-contracts version this API runs with (its package.json, read once): the gate's rule 3 compares with it. */
export function apiContractsVersion(): string {
  cached ??= (JSON.parse(readFileSync(require.resolve('shared-contracts/package.json'), 'utf8')) as { version: string }).version;
  return cached;
}
