import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { processMetricsRegistry } from '../../src/modules/metrics/processMetrics';
import { smtpMailer } from '../../src/modules/notifications/mailer';
import { createOutboundGuard, onProviderStateChange, ProviderUnavailable, type ProviderStateChange } from '../../src/outbound';

async function callsCounted(provider: string, outcome: string): Promise<number> {
  const metric = await processMetricsRegistry().getSingleMetric('evshop_outbound_calls_total')?.get();
  return metric?.values.find((value) => value.labels.provider === provider && value.labels.outcome === outcome)?.value ?? 0;
}

/** A mail server on loopback that drops every connection before greeting: the mail server that is failing. */
async function droppingSmtp(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, connections: () => connections, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('calls through a provider SDK behind the outbound guard', () => {
  let changes: ProviderStateChange[];
  let stopWatching: () => void;
  beforeEach(() => {
    changes = [];
    stopWatching = onProviderStateChange((change) => changes.push(change));
  });
  afterEach(() => stopWatching());

  it('opens the breaker after five faults in a row, refuses at once while open, and closes on the trial that succeeds', async () => {
    let now = 1_000_000;
    const guard = createOutboundGuard({ provider: 's3', timeoutMs: 1_000, breaker: { failuresToOpen: 5, openMs: 30_000 }, now: () => now });
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('ECONNRESET');
    };
    for (let i = 0; i < 5; i += 1) await expect(guard.run(failing)).rejects.toThrow('ECONNRESET');
    expect(guard.breakerState()).toBe('open');
    expect(changes).toEqual([expect.objectContaining({ provider: 's3', state: 'open', lastError: 'ECONNRESET', openUntil: new Date(now + 30_000) })]);

    const refusedBefore = await callsCounted('s3', 'breaker_open');
    const refused = await guard.run(failing).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderUnavailable);
    expect((refused as Error).message).toBe('Kho lưu trữ ảnh đang lỗi: tạm ngừng gọi, sẽ thử lại sau.');
    expect(calls).toBe(5);
    expect(await callsCounted('s3', 'breaker_open')).toBe(refusedBefore + 1);

    now += 30_001;
    await expect(guard.run(async () => 'stored')).resolves.toBe('stored');
    expect(guard.breakerState()).toBe('closed');
    expect(changes.map((change) => change.state)).toEqual(['open', 'closed']);
  });

  it("does not count a provider's answer about one request (a missing object, a refused address) as the provider failing", async () => {
    const guard = createOutboundGuard({ provider: 'webpush', breaker: { failuresToOpen: 2, openMs: 30_000 } });
    const notFound = Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
    for (let i = 0; i < 4; i += 1) {
      await expect(guard.run(() => Promise.reject(notFound), { errorOutcome: () => 'http_4xx' })).rejects.toBe(notFound);
      await expect(guard.run(async () => ({ status: 410 }), { outcomeOf: ({ status }) => (status >= 500 ? 'http_5xx' : 'http_4xx') })).resolves.toEqual({ status: 410 });
    }
    expect(guard.breakerState()).toBe('closed');
    // A 5xx answer is the service failing.
    for (let i = 0; i < 2; i += 1) await guard.run(async () => ({ status: 503 }), { outcomeOf: ({ status }) => (status >= 500 ? 'http_5xx' : 'ok') });
    expect(guard.breakerState()).toBe('open');
  });

  it('hands the call a signal that fires at its time-out, counted as a time-out', async () => {
    const guard = createOutboundGuard({ provider: 's3', timeoutMs: 100 });
    const before = await callsCounted('s3', 'timeout');
    const started = Date.now();
    const hanging = (signal: AbortSignal) => new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    await expect(guard.run(hanging)).rejects.toThrow('aborted');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await callsCounted('s3', 'timeout')).toBe(before + 1);
  });

  it("sends email through the mail server's breaker: a failing server is tried five times, then emails wait without connecting", async () => {
    const server = await droppingSmtp();
    try {
      const mailer = smtpMailer(`smtp://127.0.0.1:${server.port}`, 'EV Shop <no-reply@evshop.vn>');
      const email = { to: 'a@example.com', subject: 'Mã xác minh', text: '123456', html: null };
      const send = () => mailer.send(email).catch((error: unknown) => error);
      const results = [];
      for (let i = 0; i < 6; i += 1) results.push(await send());
      expect(results.slice(0, 5).every((result) => result instanceof Error && !(result instanceof ProviderUnavailable))).toBe(true);
      expect(results[5]).toBeInstanceOf(ProviderUnavailable);
      expect((results[5] as Error).message).toBe('Máy chủ thư đang lỗi: tạm ngừng gọi, sẽ thử lại sau.');
      expect(server.connections()).toBe(5);
      await mailer.close();
    } finally {
      await server.close();
    }
  });
});
