/**
 * The environment the API process starts with, wherever it runs: `npm start` (apiSupervisor.ts), the benchmarks
 * (scripts/bench/benchProcess.ts) and the container (api/Dockerfile's ENV repeats these values: keep them in step).
 * These are read when the process starts (glibc's malloc, V8's flags), so they cannot be set from inside it.
 * Why each, and what the others cost: docs/decisions/0022-api-process-memory-settings.md; figures in
 * docs/performance.md (bench:memory).
 *
 * - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates concurrently (libuv's pool, V8's GC helpers, libvips)
 *   an arena of its own, up to 8 × cores, each keeping what it freed.
 * - MALLOC_MMAP_THRESHOLD_ / MALLOC_TRIM_THRESHOLD_=128 KiB: blocks of 128 KiB and more (image and multipart buffers)
 *   are mapped on their own and given back when freed, instead of staying in the malloc heap (glibc otherwise
 *   raises the threshold up to 32 MB after the first big frees).
 * - --max-semi-space-size=8 (MB): V8's young generation otherwise grows to 3 × 64 MB under load and is kept once
 *   grown. Code that streams (the CSV export) converts what it reads before the next scavenge, so that it dies in
 *   these 8 MB instead of filling the old generation.
 * - --max-old-space-size=1024 (MB): V8 lets the old generation grow to its live size × a factor before the next full
 *   collection, and that factor is 4 when the heap's limit is 2 GB or more (Node's default is larger). Wherever
 *   garbage gets promoted at a steady rate, the old generation then climbs to several times its live size between
 *   full collections, and V8 keeps the freed pages. Under a 1 GB limit the factor is about 1.6 (V8's heap controller
 *   scales it from 1.3 at 256 MB to 4 at 2 GB), at a small CPU cost in mark-compacts; 512 MB cost more. The live heap
 *   is far below the limit, so the API reaches it only by leaking, and then it ends (the supervisor and
 *   docker-compose restart it) instead of taking the machine's memory.
 *
 * The other bounds live in the code that owns them: SQLite's page cache (SQLITE_CACHE_KIB,
 * api/src/db/createDatabase.ts), libvips in the API process (imageBounds.ts), the CSV export's pages (CSV_PAGE_ROWS,
 * reportRoutes.ts), the response caches' entry counts. The image encoder's process is forked by the API and inherits
 * this environment.
 */
export const API_PROCESS_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;

export const API_NODE_OPTIONS = '--max-semi-space-size=8 --max-old-space-size=1024';

/** `env` with API_PROCESS_ENV under it (a value already set wins) and API_NODE_OPTIONS ahead of its NODE_OPTIONS. */
export function withApiProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...API_PROCESS_ENV, ...env, NODE_OPTIONS: `${API_NODE_OPTIONS} ${env.NODE_OPTIONS ?? ''}`.trim() };
}
