import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_NODE_OPTIONS, API_PROCESS_ENV, withApiProcessEnv } from '../../scripts/serve/apiProcessEnv';

/**
 * The API process's memory settings (scripts/serve/apiProcessEnv.ts) are what `npm start` and the benchmarks give
 * it, and api/Dockerfile repeats them for the container: the same values everywhere, and really in effect.
 */

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The api/Dockerfile's runtime ENV instructions, as name → value (quotes removed, continuation lines joined). */
function dockerfileEnv(): Record<string, string> {
  const text = readFileSync(path.join(REPO_ROOT, 'api', 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith('ENV ')) continue;
    for (const match of line.slice(4).matchAll(/([A-Z_]+)=("[^"]*"|\S+)/g)) env[match[1]!] = match[2]!.replace(/^"|"$/g, '');
  }
  return env;
}

describe('the API process environment', () => {
  it('puts the settings under the caller’s environment: a value the caller set wins, its NODE_OPTIONS come after ours', () => {
    const env = withApiProcessEnv({ MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--expose-gc', PATH: '/bin' });
    expect(env.MALLOC_ARENA_MAX).toBe('4');
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe(API_PROCESS_ENV.MALLOC_MMAP_THRESHOLD_);
    expect(env.NODE_OPTIONS).toBe(`${API_NODE_OPTIONS} --expose-gc`);
    expect(env.PATH).toBe('/bin');
    expect(withApiProcessEnv({}).NODE_OPTIONS).toBe(API_NODE_OPTIONS);
  });

  it('is the one the container starts the API with (api/Dockerfile’s ENV)', () => {
    const env = dockerfileEnv();
    for (const [name, value] of Object.entries(API_PROCESS_ENV)) expect({ name, value: env[name] }).toEqual({ name, value });
    expect(env.NODE_OPTIONS).toBe(API_NODE_OPTIONS);
  });

  it('bounds a Node process’s heap to 1 GB of old generation and 8 MB semi-spaces (Node’s default: gigabytes)', () => {
    const limit = Number(
      execFileSync(process.execPath, ['-e', "console.log(require('node:v8').getHeapStatistics().heap_size_limit)"], {
        env: withApiProcessEnv({ PATH: process.env.PATH }),
        encoding: 'utf8',
      }),
    );
    const mb = limit / 1_048_576;
    // heap_size_limit = the old generation's 1024 MB + the young generation's share (3 × 8 MB on this Node)
    expect(mb).toBeGreaterThanOrEqual(1024);
    expect(mb).toBeLessThanOrEqual(1024 + 3 * 8 + 8);
  });
});
