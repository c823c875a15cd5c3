import { useSmallBufferPool } from './bufferPool';
import { limitHeapGrowth } from './heapGrowth';

/**
 * What the API process sets in itself at start, before its modules allocate (server.ts; the in-process benches do the
 * same): small Buffers from 8 KiB blocks, not Node 24's 64 KiB (bufferPool.ts), and an old generation that grows by a
 * fifth between full collections (heapGrowth.ts). Node's and glibc's settings read before start are in
 * scripts/serve/apiProcessEnv.ts.
 */
export function applyApiProcessSettings(): void {
  useSmallBufferPool();
  limitHeapGrowth();
}
