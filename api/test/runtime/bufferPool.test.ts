import { BUFFER_POOL_BYTES, useSmallBufferPool } from '../../src/runtime/bufferPool';

describe("the API's Buffer pool", () => {
  const nodeDefault = Buffer.poolSize;
  afterEach(() => {
    Buffer.poolSize = nodeDefault;
  });

  /** Takes small Buffers until Node makes its next pool, at the size set now. */
  const startNewPool = () => {
    for (let taken = 0; taken < 64; taken += 1) if (Buffer.allocUnsafe((Buffer.poolSize >>> 1) - 8).buffer.byteLength === Buffer.poolSize) return;
    throw new Error('no new pool');
  };

  it('gives an answer-sized Buffer (10 kB of JSON) memory of its own instead of a slice of a shared block', () => {
    useSmallBufferPool();
    startNewPool();
    const body = Buffer.from(JSON.stringify({ items: 'x'.repeat(10_000) }), 'utf8');
    expect(body.buffer.byteLength).toBe(body.length);
  });

  it('keeps sharing blocks of BUFFER_POOL_BYTES for small Buffers', () => {
    useSmallBufferPool();
    startNewPool();
    const header = Buffer.from('{"success":true,"data":', 'utf8');
    expect(header.buffer.byteLength).toBe(BUFFER_POOL_BYTES);
    expect(BUFFER_POOL_BYTES).toBe(8 * 1024);
  });
});
