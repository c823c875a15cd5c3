/**
 * The size of Node's shared Buffer pool in the API process (docs/decisions/0078-buffer-pool-of-8-kib.md). Node 24 made
 * it 64 KiB: every Buffer under 32 KiB (an answer's JSON bytes, a list item, a header) is a slice of a 64 KiB block
 * that lives until its last slice is collected, so one kept answer holds a whole block and the freed blocks fragment
 * the malloc heap (74 MB under the shop's load, against 28 MB with 8 KiB blocks). 8 KiB is Node 20's size: Buffers
 * from 4 KiB get memory of their own, freed with them.
 */
export const BUFFER_POOL_BYTES = 8 * 1024;

/** Sets Buffer.poolSize (read each time Node makes its next pool) for the rest of the process. */
export function useSmallBufferPool(): void {
  Buffer.poolSize = BUFFER_POOL_BYTES;
}
