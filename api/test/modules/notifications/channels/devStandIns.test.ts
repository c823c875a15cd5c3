import type { App } from '../../../../src/app';
import { createDeliveryWorker } from '../../../../src/modules/notifications/channels/deliveryWorker';
import { createChannels } from '../../../../src/modules/notifications/channels/notificationChannelsModule';
import { startAuthApp, testConfig, type AuthTestApp } from '../../../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../../../support/testDatabases';
import { browserSubscription, deliveriesOf, reachableCustomer, schedule } from './channelsKit';

/** fetch through the app itself (what the API does in development: its clients call its own /api/dev stand-ins). */
function fetchThrough(app: App): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const response = await app.inject({ method: (init?.method ?? 'GET') as 'POST', url: url.pathname + url.search, headers: init?.headers as Record<string, string>, payload: init?.body as string });
    return new Response(response.body, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') } });
  }) as typeof fetch;
}

describe.each(productionDatabase())('the development stand-ins of Zalo, eSMS and Web Push on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let dev: AuthTestApp;
  let production: AuthTestApp;

  beforeAll(async () => {
    dev = await startAuthApp(scratch.db, { config: testConfig({ publicUrl: 'http://localhost:3000', devOutbox: true }) });
    production = await startAuthApp(scratch.db, { config: testConfig({ nodeEnv: 'production', devOutbox: false, notificationChannels: { vapid: null, pushStandIn: false, pushPublicKey: null, zalo: null, sms: null } }) });
  });
  afterAll(async () => {
    await dev.close();
    await production.close();
  });

  it('answer like Zalo and eSMS and show what was sent at /api/dev/zalo-outbox, /dev/sms-outbox and /dev/push-outbox', async () => {
    const { app, config, clock } = dev;
    const user = await reachableCustomer(app, scratch.db, { phone: '0987654321' });
    const subscription = browserSubscription('https://fcm.googleapis.com/fcm/send/dev-device-1');
    expect((await app.inject({ method: 'POST', url: '/api/notifications/push-subscriptions', headers: user.headers, payload: { endpoint: subscription.endpoint, keys: subscription.keys } })).statusCode).toBe(201);
    const pushKey = await app.inject({ method: 'GET', url: '/api/notifications/push-key', headers: user.headers });
    expect(pushKey.json().data.publicKey).toBe(config.notificationChannels.pushPublicKey);

    // The module's own outboxes are per process; the worker here records into fresh ones read back through the stand-in routes.
    const channels = createChannels({ db: scratch.db, clock, config, fetch: fetchThrough(app) }, null, null);
    const worker = createDeliveryWorker({ db: scratch.db, clock, channels });
    await app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: user.headers,
      payload: { topics: Object.fromEntries(['booking', 'service', 'order', 'payment', 'message', 'marketing'].map((topic) => [topic, { push: false, zalo: true, sms: topic === 'order', email: true }])) },
    });
    const booking = await schedule(scratch.db, user, 'booking_confirmed', clock.now());
    await worker.deliverPending();
    const [zalo] = await deliveriesOf(scratch.db, booking);
    expect(zalo).toMatchObject({ channel: 'zalo', status: 'sent' });
    expect(zalo!.raw_answer).toMatch(/"error":0.*"remainingQuota":"499"/);

    // A kind without a ZNS template goes on to SMS through the eSMS stand-in.
    const order = await schedule(scratch.db, user, 'staff_new_web_order', clock.now());
    await worker.deliverPending();
    await worker.deliverPending();
    expect((await deliveriesOf(scratch.db, order)).map((row) => [row.channel, row.status])).toEqual([
      ['zalo', 'failed'],
      ['sms', 'sent'],
    ]);

    const zaloOutbox = await app.inject({ method: 'GET', url: '/api/dev/zalo-outbox', remoteAddress: '127.0.0.1' });
    expect(zaloOutbox.statusCode).toBe(200);
    expect(zaloOutbox.body).toContain('84987654321');
    expect(zaloOutbox.body).toContain('300100');
    const smsOutbox = await app.inject({ method: 'GET', url: '/api/dev/sms-outbox', remoteAddress: '127.0.0.1' });
    expect(smsOutbox.body).toContain('[EVSERVICE] Xe cua anh/chi da san sang');
    const pushOutbox = await app.inject({ method: 'GET', url: '/api/dev/push-outbox', remoteAddress: '127.0.0.1' });
    expect(pushOutbox.body).toContain('Chưa có tin nào.');
    expect((await app.inject({ method: 'GET', url: '/api/dev/sms-outbox', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
  });

  it('records pushes in development without VAPID keys instead of sending them', async () => {
    const { app, clock, config } = dev;
    const user = await reachableCustomer(app, scratch.db);
    const subscription = browserSubscription('https://fcm.googleapis.com/fcm/send/dev-device-2');
    await app.inject({ method: 'POST', url: '/api/notifications/push-subscriptions', headers: user.headers, payload: { endpoint: subscription.endpoint, keys: subscription.keys } });
    const outboxes = { zalo: { sends: [], record: () => undefined }, sms: { sends: [], record: () => undefined }, push: { sends: [] as Array<{ to: string; content: string }>, record(send: { to: string; content: string }) { this.sends.push(send); } } };
    const worker = createDeliveryWorker({ db: scratch.db, clock, channels: createChannels({ db: scratch.db, clock, config, fetch: fetchThrough(app) }, outboxes as never, null) });
    const id = await schedule(scratch.db, user, 'vehicle_ready', clock.now());
    await worker.deliverPending();
    expect((await deliveriesOf(scratch.db, id)).map((row) => [row.channel, row.status])).toEqual([['push', 'sent']]);
    expect(outboxes.push.sends).toEqual([expect.objectContaining({ to: subscription.endpoint, content: expect.stringContaining('"link":"/appointments/42"') })]);
  });

  it('are not there in production (404 like any unknown path), nor is a push key', async () => {
    const { app } = production;
    for (const url of ['/api/dev/zalo-outbox', '/api/dev/sms-outbox', '/api/dev/push-outbox']) expect((await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/dev/zalo/message/template', payload: {} })).statusCode).toBe(404);
    const user = await reachableCustomer(app, scratch.db);
    expect((await app.inject({ method: 'GET', url: '/api/notifications/push-key', headers: user.headers })).json().data).toEqual({ publicKey: null });
    const preferences = await app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: user.headers });
    expect(preferences.json().data.reachable).toEqual({ push: false, zalo: false, sms: false, email: true });
  });
});
