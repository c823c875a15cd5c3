import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { processMetricsRegistry } from '../../src/modules/metrics/processMetrics';
import { createOutboundClient, ProviderUnavailable } from '../../src/outbound';

/** A provider on loopback whose answer each test sets, counting the requests it got. */
async function stubProvider(): Promise<{ url: string; hits: IncomingMessage[]; answer: (handler: (response: ServerResponse) => void) => void; close: () => Promise<void> }> {
  let handler: (response: ServerResponse) => void = (response) => response.end('{}');
  const hits: IncomingMessage[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request);
    request.resume();
    handler(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    answer: (next) => (handler = next),
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const status = (code: number, headers: Record<string, string> = {}) => (response: ServerResponse) => response.writeHead(code, headers).end('{}');

async function callsCounted(provider: string, outcome: string): Promise<number> {
  const metric = await processMetricsRegistry().getSingleMetric('evshop_outbound_calls_total')?.get();
  return metric?.values.find((value) => value.labels.provider === provider && value.labels.outcome === outcome)?.value ?? 0;
}

describe('the outbound client', () => {
  let provider: Awaited<ReturnType<typeof stubProvider>>;
  let canary: Awaited<ReturnType<typeof stubProvider>>;

  beforeEach(async () => {
    provider = await stubProvider();
    canary = await stubProvider();
  });
  afterEach(async () => {
    await provider.close();
    await canary.close();
  });

  it('gives up on a provider that does not answer within the time-out, and says so in Vietnamese', async () => {
    provider.answer(() => undefined);
    const zalo = createOutboundClient({ provider: 'zalo', baseUrl: provider.url, timeoutMs: 300, retries: 0 });
    const started = Date.now();
    const error = await zalo.request({ method: 'POST', path: '/message/template', body: '{}' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error).toMatchObject({ provider: 'zalo', reason: 'timeout', message: expect.stringMatching(/^Zalo không trả lời kịp/) });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('retries a read or a keyed send on a 503, never a send without a key', async () => {
    let failures = 2;
    provider.answer((response) => (failures-- > 0 ? status(503)(response) : status(200)(response)));
    const payOs = createOutboundClient({ provider: 'payos', baseUrl: provider.url, retries: 2, backoffMs: 5 });
    expect((await payOs.request({ method: 'GET', path: '/v2/payment-requests/1' })).status).toBe(200);
    expect(provider.hits).toHaveLength(3);

    failures = 1;
    const once = await payOs.request({ method: 'POST', path: '/v2/payment-requests', body: '{}' });
    expect(once.status).toBe(503);
    expect(provider.hits).toHaveLength(4);

    failures = 1;
    const keyed = await payOs.request({ method: 'POST', path: '/v2/payment-requests', body: '{}', idempotencyKey: 'order-42' });
    expect(keyed.status).toBe(200);
    expect(provider.hits).toHaveLength(6);
  });

  it('never follows a redirect: the address it points to gets no request', async () => {
    provider.answer(status(302, { location: `${canary.url}/internal` }));
    const esms = createOutboundClient({ provider: 'esms', baseUrl: provider.url, retries: 2, backoffMs: 5 });
    const error = await esms.request({ method: 'GET', path: '/balance' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'redirect' });
    expect(canary.hits).toHaveLength(0);
    expect(provider.hits).toHaveLength(1);
  });

  it('opens its breaker after five failures in a row: calls fail at once, then one trial closes it again', async () => {
    provider.answer(status(503));
    let now = 1_000_000;
    const zalo = createOutboundClient({ provider: 'zalo', baseUrl: provider.url, retries: 0, breaker: { failuresToOpen: 5, openMs: 30_000 }, now: () => now });
    const openBefore = await callsCounted('zalo', 'breaker_open');
    for (let call = 0; call < 5; call += 1) expect((await zalo.request({ method: 'POST', path: '/message/template', body: '{}' })).status).toBe(503);
    expect(zalo.breakerState()).toBe('open');

    const refused = await zalo.request({ method: 'POST', path: '/message/template', body: '{}' }).catch((caught: unknown) => caught);
    expect(refused).toMatchObject({ reason: 'breaker-open', message: 'Zalo đang lỗi: tạm ngừng gọi, sẽ thử lại sau.' });
    expect(provider.hits).toHaveLength(5);
    expect(await callsCounted('zalo', 'breaker_open')).toBe(openBefore + 1);

    now += 30_001;
    provider.answer(status(200));
    expect(zalo.breakerState()).toBe('half-open');
    expect((await zalo.request({ method: 'POST', path: '/message/template', body: '{}' })).status).toBe(200);
    expect(zalo.breakerState()).toBe('closed');
    expect(provider.hits).toHaveLength(6);
  });

  it('a 4xx is the provider answering: it counts as an answer, not as the provider failing', async () => {
    provider.answer(status(400));
    const google = createOutboundClient({ provider: 'google', baseUrl: `${provider.url}/token`, retries: 2, backoffMs: 5 });
    const before = await callsCounted('google', 'http_4xx');
    for (let call = 0; call < 7; call += 1) expect((await google.request({ method: 'POST', path: '', body: 'code=x' })).status).toBe(400);
    expect(google.breakerState()).toBe('closed');
    expect(await callsCounted('google', 'http_4xx')).toBe(before + 7);
  });
});
