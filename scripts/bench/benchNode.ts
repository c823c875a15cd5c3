import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, for the benches' child processes and builds. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** BENCH_NODE_FLAGS='<flags>': more of node's or V8's flags for the API process (V8's are refused in NODE_OPTIONS). */
export function benchNodeFlags(): string[] {
  return process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
}
