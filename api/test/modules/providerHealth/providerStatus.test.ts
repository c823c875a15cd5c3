import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderStatus, ProviderStatusList } from 'shared-contracts/schemas';
import { enqueueEmail } from '../../../src/modules/notifications';
import { createOutboundClient } from '../../../src/outbound';
import { productionDatabase, useFloor } from '../../support/floorTestKit';

/** A provider on loopback that answers every call with `status`. */
async function providerAnswering(status: () => number): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    request.resume();
    response.writeHead(status(), { 'content-type': 'application/json' }).end('{"error":-1}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

/**
 * The owner sees an outside provider that keeps failing ("Zalo đang lỗi") instead of a growing queue: each breaker's
 * transitions are recorded by whichever instance saw them, with the messages waiting for its channel.
 */
describe.each(productionDatabase())('the outside providers’ status for the owner on $label', (target) => {
  const floor = useFloor(target);

  async function status(): Promise<ProviderStatusList> {
    const answer = await floor.request(floor.users.admin, 'GET', '/api/admin/provider-status');
    expect(answer.statusCode).toBe(200);
    return answer.json().data as ProviderStatusList;
  }
  const of = (list: ProviderStatusList, provider: ProviderStatus['provider']) => list.providers.find((entry) => entry.provider === provider)!;

  /** The status once `provider` is in `condition` (its record is written after the call, off the caller's path). */
  async function statusWhen(provider: ProviderStatus['provider'], condition: ProviderStatus['condition']): Promise<ProviderStatusList> {
    for (let tries = 0; tries < 100; tries += 1) {
      const list = await status();
      if (of(list, provider).condition === condition) return list;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${provider} never became ${condition}`);
  }

  it('shows Zalo failing with its error and its waiting messages once its breaker opens, and fine again after a call succeeds', async () => {
    const before = await status();
    expect(before.providers.map((entry) => entry.provider)).toEqual(['payos', 'zalo', 'esms', 'webpush', 'smtp', 's3', 'google', 'misa', 'viettel', 'vnpt', 'ghn', 'ghtk']);
    expect(before.providers.every((entry) => entry.condition === 'ok')).toBe(true);
    expect(of(before, 'payos')).toMatchObject({ name: 'payOS', waiting: null });
    expect(of(before, 'smtp')).toMatchObject({ name: 'Máy chủ thư', waiting: 0, oldestWaitingSince: null });

    await enqueueEmail(floor.db, floor.service.clock, 'khach@example.com', { kind: 'test', subject: 'Mã xác minh', text: '123456', html: '<p>123456</p>' });
    expect(of(await status(), 'smtp')).toMatchObject({ waiting: 1, oldestWaitingSince: floor.service.clock.now().toISOString() });

    let answer = 503;
    const provider = await providerAnswering(() => answer);
    try {
      const zalo = createOutboundClient({ provider: 'zalo', baseUrl: provider.url, retries: 0 });
      for (let i = 0; i < 5; i += 1) expect((await zalo.request({ method: 'POST', path: '/message/template', body: '{}' })).status).toBe(503);
      const down = of(await statusWhen('zalo', 'down'), 'zalo');
      expect(down).toMatchObject({ name: 'Zalo', lastError: 'HTTP 503' });
      expect(Date.parse(down.openUntil!) - Date.parse(down.since!)).toBe(30_000);
      // Only Zalo: the others are untouched.
      expect((await status()).providers.filter((entry) => entry.condition !== 'ok').map((entry) => entry.provider)).toEqual(['zalo']);

      // Its pause over, the trial call succeeds: the breaker closes and the owner sees it fine again.
      const { breakerState } = zalo;
      expect(breakerState()).toBe('open');
      answer = 200;
      await new Promise((resolve) => setTimeout(resolve, 0));
      const trial = createOutboundClient({ provider: 'zalo', baseUrl: provider.url, retries: 0 });
      expect((await trial.request({ method: 'POST', path: '/message/template', body: '{}' })).status).toBe(200);
      const fine = of(await statusWhen('zalo', 'ok'), 'zalo');
      expect(fine).toMatchObject({ since: null, openUntil: null, lastError: null });
    } finally {
      await provider.close();
    }
  });

  it('keeps the latest transition when an older one arrives late from another instance', async () => {
    const { recordProviderState } = await import('../../../src/modules/providerHealth/providerStateRecorder');
    await recordProviderState(floor.db, { provider: 'esms', state: 'open', at: new Date('2026-11-19T03:00:00.000Z'), openUntil: new Date('2099-01-01T00:00:00.000Z'), lastError: 'eSMS không trả lời kịp' });
    await recordProviderState(floor.db, { provider: 'esms', state: 'closed', at: new Date('2026-11-19T02:59:00.000Z'), openUntil: null, lastError: null });
    expect(of(await status(), 'esms')).toMatchObject({ condition: 'down', lastError: 'eSMS không trả lời kịp', since: '2026-11-19T03:00:00.000Z' });
  });

  it('is the owner’s: staff and managers are refused', async () => {
    for (const user of [floor.users.staff, floor.users.manager]) expect((await floor.request(user, 'GET', '/api/admin/provider-status')).statusCode).toBe(403);
    expect((await floor.request(null, 'GET', '/api/admin/provider-status')).statusCode).toBe(401);
  });
});
