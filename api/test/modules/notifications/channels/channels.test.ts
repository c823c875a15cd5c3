import { createDecipheriv, hkdfSync, type ECDH } from 'node:crypto';
import { importJWK, jwtVerify } from 'jose';
import { errorEnvelopeSchema, notificationPreferencesSchema, PUSH_SUBSCRIPTIONS_PER_USER_MAX, type NotificationPreferences } from 'shared-contracts/schemas';
import { z } from 'zod';
import type { App } from '../../../../src/app';
import { memoryEventBus } from '../../../../src/events/eventBus';
import { notify } from '../../../../src/modules/notifications';
import type { Config } from '../../../../src/config';
import { startAuthApp, type AuthTestApp } from '../../../support/authTestKit';
import type { TestUser } from '../../../support/shopTestKit';
import { testDatabases, useScratchDatabase } from '../../../support/testDatabases';
import { scheduleDeliveriesOf } from '../../../../src/modules/notifications/channels/scheduleDeliveries';
import { startChannelStandIns, type ChannelStandInServer } from './channelStandInServer';
import { browserSubscription, channelsConfig, deliveriesOf, reachableCustomer, schedule, TEST_VAPID, worker } from './channelsKit';
import { recordingMailer } from '../../../support/recordingMailer';

const preferencesAnswer = z.object({ data: notificationPreferencesSchema });

/** Decrypts an aes128gcm Web Push body (RFC 8291) with the browser's private key and auth secret, as the browser does. */
function decryptPush(body: Buffer, browser: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** Polls `done` every 20 ms; throws when it is still false after `ms`. */
async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`still waiting after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabases())('notification channels on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let providers: ChannelStandInServer;
  let shop: AuthTestApp;
  let app: App;
  let config: Config;

  beforeAll(async () => {
    providers = await startChannelStandIns();
    config = channelsConfig(providers.url);
    shop = await startAuthApp(scratch.db, { config });
    app = shop.app;
  });
  afterAll(async () => {
    await shop.close();
    await providers.close();
  });
  beforeEach(() => providers.reset());

  const getPreferences = async (user: TestUser): Promise<NotificationPreferences> => {
    const response = await app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: user.headers });
    expect(response.statusCode).toBe(200);
    return preferencesAnswer.parse(response.json()).data;
  };
  const putPreferences = (user: TestUser, topics: NotificationPreferences['topics']) => app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: user.headers, payload: { topics } });
  const subscribe = (user: TestUser, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) =>
    app.inject({ method: 'POST', url: '/api/notifications/push-subscriptions', headers: user.headers, payload: { endpoint: subscription.endpoint, keys: subscription.keys } });
  const only = (channels: Partial<Record<'push' | 'zalo' | 'sms' | 'email', boolean>>) => ({ push: false, zalo: false, sms: false, email: false, ...channels });
  const everyTopic = (choice: ReturnType<typeof only>, marketing = only({})) => ({ booking: choice, service: choice, order: choice, payment: choice, message: choice, marketing });

  it('answers the defaults with what reaches the user, saves choices and refuses an empty body or no login in Vietnamese', async () => {
    const user = await reachableCustomer(app, scratch.db);
    const defaults = await getPreferences(user);
    expect(defaults.topics.booking).toEqual({ push: true, zalo: true, sms: false, email: true });
    expect(defaults.topics.marketing).toEqual({ push: false, zalo: false, sms: false, email: false });
    expect(defaults.reachable).toEqual({ push: false, zalo: true, sms: true, email: true });

    const saved = await putPreferences(user, everyTopic(only({ sms: true }), only({ email: true })));
    expect(saved.statusCode).toBe(200);
    expect(preferencesAnswer.parse(saved.json()).data.topics.marketing).toEqual(only({ email: true }));
    expect((await getPreferences(user)).topics.order).toEqual(only({ sms: true }));

    const empty = await app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: { ...user.headers, 'content-type': 'application/json' }, payload: '{}' });
    expect(empty.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(empty.json()).message).toBe('Không có trường nào để cập nhật.');
    const unknown = await app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: user.headers, payload: { Khong: 'biết' } });
    expect(unknown.statusCode).toBe(422);
    const partial = await app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: user.headers, payload: { topics: { booking: only({}) } } });
    expect(partial.statusCode).toBe(400);
    expect((await getPreferences(user)).topics.order).toEqual(only({ sms: true }));
    const anonymous = await app.inject({ method: 'GET', url: '/api/notifications/preferences' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(anonymous.json()).message).toBe('Vui lòng đăng nhập để tiếp tục.');
  });

  it('keeps at most the allowed push subscriptions per user (the oldest dropped), hands out the VAPID key and unsubscribes', async () => {
    const user = await reachableCustomer(app, scratch.db);
    const key = await app.inject({ method: 'GET', url: '/api/notifications/push-key', headers: user.headers });
    expect(key.json().data).toEqual({ publicKey: TEST_VAPID.publicKey });

    for (let device = 1; device <= PUSH_SUBSCRIPTIONS_PER_USER_MAX + 2; device += 1) {
      shop.clock.advance(1_000);
      const created = await subscribe(user, browserSubscription(`${providers.url}/push/u${user.id}-d${device}`));
      expect(created.statusCode).toBe(201);
    }
    const kept = await scratch.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).orderBy('id').execute();
    expect(kept.map((row) => row.endpoint.split('-d')[1])).toEqual(Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER_MAX }, (_, index) => String(index + 3)));
    expect((await getPreferences(user)).reachable.push).toBe(true);

    const removed = await app.inject({ method: 'DELETE', url: `/api/notifications/push-subscriptions?endpoint=${encodeURIComponent(kept[0]!.endpoint)}`, headers: user.headers });
    expect(removed.json().data).toEqual({ removed: 1 });
    const invalid = await subscribe(user, { endpoint: 'javascript:alert(1)', keys: { p256dh: 'x', auth: 'y' } });
    expect(invalid.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(invalid.json()).message).toMatch(/không hợp lệ/);
  });

  it('queues the first channel the user allows and can be reached on, and nothing where the user opted out', async () => {
    const user = await reachableCustomer(app, scratch.db);
    const first = await schedule(scratch.db, user, 'booking_confirmed', shop.clock.now());
    expect((await deliveriesOf(scratch.db, first)).map((row) => row.channel)).toEqual(['zalo']);

    await putPreferences(user, everyTopic(only({ email: true })));
    const emailOnly = await schedule(scratch.db, user, 'vehicle_ready', shop.clock.now());
    expect((await deliveriesOf(scratch.db, emailOnly)).map((row) => row.channel)).toEqual(['email']);

    await putPreferences(user, everyTopic(only({})));
    const optedOut = await schedule(scratch.db, user, 'order_shipped', shop.clock.now());
    expect(await deliveriesOf(scratch.db, optedOut)).toEqual([]);
    await worker(scratch.db, shop.clock, config).deliverPending();
    expect(providers.zaloRequests.length + providers.smsRequests.length).toBe(1);
  });

  it("queues each user's own channel when one event's notifications of several users are scheduled together", async () => {
    const byDefault = await reachableCustomer(app, scratch.db);
    const emailOnly = await reachableCustomer(app, scratch.db);
    const optedOut = await reachableCustomer(app, scratch.db);
    const disabled = await reachableCustomer(app, scratch.db);
    await putPreferences(emailOnly, everyTopic(only({ email: true })));
    await putPreferences(optedOut, everyTopic(only({})));
    await scratch.db.updateTable('users').set({ disabled_at: shop.clock.now().toISOString() }).where('id', '=', disabled.id).execute();
    const base = 900_000 + byDefault.id * 10;
    const notification = (id: number, user: TestUser, kind: 'order_shipped' | 'price_drop') => ({
      id,
      userId: user.id,
      kind,
      topic: kind === 'price_drop' ? ('marketing' as const) : ('order' as const),
      title: 'Đơn hàng đã giao cho đơn vị vận chuyển',
      body: 'Đơn hàng đang trên đường đến bạn.',
      link: '/orders/X',
    });
    await scheduleDeliveriesOf(
      scratch.db,
      [notification(base + 1, byDefault, 'order_shipped'), notification(base + 2, emailOnly, 'order_shipped'), notification(base + 3, optedOut, 'order_shipped'), notification(base + 4, disabled, 'order_shipped'), notification(base + 5, byDefault, 'price_drop')],
      shop.clock.now(),
    );
    const channelsOf = async (id: number) => (await deliveriesOf(scratch.db, id)).map((row) => [row.user_id, row.channel]);
    expect(await channelsOf(base + 1)).toEqual([[byDefault.id, 'zalo']]);
    expect(await channelsOf(base + 2)).toEqual([[emailOnly.id, 'email']]);
    expect(await channelsOf(base + 3)).toEqual([]);
    expect(await channelsOf(base + 4)).toEqual([]);
    expect(await channelsOf(base + 5)).toEqual([]);
    // Not sent: the next tests' workers must not find these.
    await scratch.db.deleteFrom('notification_deliveries').where('notification_id', 'in', [base + 1, base + 2]).execute();
  });

  it('never sends marketing to a user who did not opt in, and only on the channels they chose', async () => {
    const user = await reachableCustomer(app, scratch.db);
    // A promotion the shop sends (the marketing topic); a wished product's price drop is the customer's own order news.
    const promotion = () => schedule(scratch.db, user, 'price_drop', shop.clock.now(), undefined, 'marketing');
    expect(await deliveriesOf(scratch.db, await promotion())).toEqual([]);
    expect(await deliveriesOf(scratch.db, await schedule(scratch.db, user, 'back_in_stock', shop.clock.now(), undefined, 'marketing'))).toEqual([]);

    await putPreferences(user, everyTopic(only({ zalo: true }), only({ sms: true })));
    const optedIn = await promotion();
    expect((await deliveriesOf(scratch.db, optedIn)).map((row) => row.channel)).toEqual(['sms']);
    // Failing on SMS, marketing falls back to nothing it was not allowed.
    providers.smsMode = 'no-balance';
    await worker(scratch.db, shop.clock, config).deliverPending();
    expect((await deliveriesOf(scratch.db, optedIn)).map((row) => [row.channel, row.status])).toEqual([['sms', 'failed']]);
    expect(providers.zaloRequests).toEqual([]);
  });

  it('falls back to SMS when Zalo says the daily quota is used up, keeps the answers, and skips Zalo for the rest of the day', async () => {
    const user = await reachableCustomer(app, scratch.db, { phone: '0912 345 678' });
    await putPreferences(user, everyTopic(only({ zalo: true, sms: true, email: true })));
    const checkIn = { check_in_code: 'EVCI1.42.2.signature', check_in_qr: 'https://cuahang.test/api/check-in-codes/EVCI1.42.2.signature/qr.png' };
    const id = await schedule(scratch.db, user, 'booking_confirmed', shop.clock.now(), checkIn);
    providers.zaloMode = 'quota';
    const deliveries = worker(scratch.db, shop.clock, config);
    expect(await deliveries.deliverPending()).toMatchObject({ failed: 1 });
    expect(providers.zaloRequests).toEqual([expect.objectContaining({ phone: '84912345678', template_id: '301001', template_data: expect.objectContaining({ link: 'https://cuahang.test/appointments/42', ...checkIn }) })]);
    await deliveries.deliverPending();

    const rows = await deliveriesOf(scratch.db, id);
    expect(rows.map((row) => [row.channel, row.status])).toEqual([
      ['zalo', 'failed'],
      ['sms', 'sent'],
    ]);
    expect(rows[0]!.raw_answer).toContain('-144');
    expect(rows[0]!.last_error).toMatch(/Zalo ZNS lỗi -144/);
    expect(rows[1]!.provider_ref).toMatch(/^standin-/);
    // the fallback keeps the kind's template parameters for whichever channel comes next
    expect(JSON.parse(rows[1]!.template_data ?? 'null')).toEqual(checkIn);
    expect(providers.smsRequests).toEqual([expect.objectContaining({ Phone: '84912345678', SmsType: '2', Brandname: 'EVSERVICE', RequestId: String(rows[1]!.id), Content: expect.stringContaining('Xe cua anh/chi da san sang') })]);

    // Same worker (same process), same day: Zalo is not called again; the next notification goes straight on.
    providers.zaloMode = 'ok';
    const next = await schedule(scratch.db, user, 'booking_confirmed', shop.clock.now());
    await deliveries.deliverPending();
    await deliveries.deliverPending();
    expect(providers.zaloRequests).toHaveLength(1);
    expect((await deliveriesOf(scratch.db, next)).map((row) => [row.channel, row.status])).toEqual([
      ['zalo', 'failed'],
      ['sms', 'sent'],
    ]);
  });

  it.each([
    ['invalid-phone', '-108'],
    ['not-zalo-user', '-118'],
  ] as const)('falls back to email when Zalo answers %s (%s), SMS not being allowed', async (mode, code) => {
    const user = await reachableCustomer(app, scratch.db);
    const id = await schedule(scratch.db, user, 'order_shipped', shop.clock.now());
    providers.zaloMode = mode;
    const mailer = recordingMailer();
    const deliveries = worker(scratch.db, shop.clock, config, { mailer });
    await deliveries.deliverPending();
    await deliveries.deliverPending();
    const rows = await deliveriesOf(scratch.db, id);
    expect(rows.map((row) => [row.channel, row.status])).toEqual([
      ['zalo', 'failed'],
      ['email', 'sent'],
    ]);
    expect(rows[0]!.last_error).toContain(code);
    expect(rows[1]!.to_address).toBe(user.email);
    expect(mailer.sent).toHaveLength(1);
    const email = mailer.sent[0]!;
    expect(email).toMatchObject({ to: user.email, subject: 'Xe của anh/chị đã sẵn sàng', messageId: rows[1]!.provider_ref });
    expect(email.text).toContain('https://cuahang.test/appointments/42');
  });

  it('retries later on an expired token or a Zalo that does not answer, and falls back once the tries are used up', async () => {
    const user = await reachableCustomer(app, scratch.db);
    const id = await schedule(scratch.db, user, 'vehicle_ready', shop.clock.now());
    providers.zaloMode = 'token-expired';
    const deliveries = worker(scratch.db, shop.clock, config, { sendTimeoutMs: 200 });
    expect(await deliveries.deliverPending()).toMatchObject({ retried: 1 });
    let [row] = await deliveriesOf(scratch.db, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThan(shop.clock.now().getTime());
    // Not due yet: nothing is sent.
    expect(await deliveries.deliverPending()).toEqual({ sent: 0, retried: 0, failed: 0 });

    providers.zaloMode = 'hang';
    for (let attempt = 2; attempt <= 6; attempt += 1) {
      shop.clock.advance(31 * 60_000);
      await deliveries.deliverPending();
    }
    shop.clock.advance(31 * 60_000);
    await deliveries.deliverPending();
    const rows = await deliveriesOf(scratch.db, id);
    expect(rows.map((delivery) => [delivery.channel, delivery.status, delivery.attempts])).toEqual([
      ['zalo', 'failed', 6],
      ['email', 'sent', 1],
    ]);
    [row] = rows;
    expect(row!.last_error).toMatch(/Zalo không trả lời/);
  });

  it('logs a round of failed tries once per channel and reason, not once a delivery', async () => {
    const user = await reachableCustomer(app, scratch.db);
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) ids.push(await schedule(scratch.db, user, 'vehicle_ready', shop.clock.now()));
    providers.zaloMode = 'token-expired';
    const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
    const log = { info: () => undefined, error: () => undefined, warn: (fields: Record<string, unknown>, message: string) => void lines.push({ fields, message }) };
    const deliveries = worker(scratch.db, shop.clock, config, { sendTimeoutMs: 200, log: log as never });
    expect(await deliveries.deliverPending()).toMatchObject({ retried: 5 });
    const zaloRows = (await Promise.all(ids.map((id) => deliveriesOf(scratch.db, id)))).map(([row]) => row!);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toBe('notification deliveries failed, will retry');
    expect(lines[0]!.fields).toMatchObject({ channel: 'zalo', count: 5, attempts: 1, reason: zaloRows[0]!.last_error });
    expect([...(lines[0]!.fields.deliveryIds as number[])].sort((a, b) => a - b)).toEqual(zaloRows.map((row) => row.id).sort((a, b) => a - b));
    // Their next tries are this test's own: the later tests' rounds start without them.
    await scratch.db.deleteFrom('notification_deliveries').where('notification_id', 'in', ids).execute();
  });

  it('retries an SMS whose answer timed out and never sends it twice (the RequestId is the delivery)', async () => {
    const user = await reachableCustomer(app, scratch.db);
    await putPreferences(user, everyTopic(only({ sms: true, email: true })));
    const id = await schedule(scratch.db, user, 'payment_received', shop.clock.now());
    providers.smsMode = 'hang-once';
    const deliveries = worker(scratch.db, shop.clock, config, { sendTimeoutMs: 200 });
    expect(await deliveries.deliverPending()).toMatchObject({ retried: 1 });
    shop.clock.advance(60_000);
    expect(await deliveries.deliverPending()).toMatchObject({ sent: 1 });

    const rows = await deliveriesOf(scratch.db, id);
    expect(rows.map((row) => [row.channel, row.status, row.attempts])).toEqual([['sms', 'sent', 2]]);
    expect(providers.smsRequests.map((request) => request.RequestId)).toEqual([String(rows[0]!.id), String(rows[0]!.id)]);
    expect(providers.smsAccepted()).toBe(1);
    expect(rows[0]!.raw_answer).toContain('"CodeResult":"124"');
  });

  it('sends a new notification as soon as it is written, not at the worker’s next tick', async () => {
    const user = await reachableCustomer(app, scratch.db);
    await putPreferences(user, everyTopic(only({ sms: true })));
    const deliveries = worker(scratch.db, shop.clock, config, { intervalMs: 600_000 });
    deliveries.start();
    try {
      await deliveries.deliverPending();
      const written = Date.now();
      await notify({ db: scratch.db, events: memoryEventBus(), now: shop.clock.now() }, { userId: user.id, kind: 'vehicle_ready', title: 'Xe đã sẵn sàng', body: 'Mời anh/chị đến nhận xe.', link: null, eventKey: `ready:${user.id}` });
      await waitFor(() => providers.smsRequests.length === 1, 5_000);
      expect(Date.now() - written).toBeLessThan(5_000);
      // The provider has answered; the worker marks the row sent right after.
      const row = async () => (await scratch.db.selectFrom('notification_deliveries').select(['channel', 'status']).where('user_id', '=', user.id).execute())[0];
      for (let tries = 0; tries < 50 && (await row())?.status !== 'sent'; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await row()).toEqual({ channel: 'sms', status: 'sent' });
    } finally {
      await deliveries.stop();
    }
  });

  it('delivers each notification once when two workers (two instances) race for the same rows', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => reachableCustomer(app, scratch.db)));
    for (const user of users) await putPreferences(user, everyTopic(only({ sms: true })));
    const ids: number[] = [];
    for (let round = 0; round < 5; round += 1) for (const user of users) ids.push(await schedule(scratch.db, user, 'order_shipped', shop.clock.now()));
    const other = scratch.connect();
    try {
      const reports = await Promise.all([worker(scratch.db, shop.clock, config).deliverPending(), worker(other, shop.clock, config).deliverPending()]);
      expect(reports[0]!.sent + reports[1]!.sent).toBe(ids.length);
    } finally {
      await other.destroy();
    }
    expect(providers.smsRequests).toHaveLength(ids.length);
    expect(new Set(providers.smsRequests.map((request) => request.RequestId)).size).toBe(ids.length);
    const statuses = await scratch.db.selectFrom('notification_deliveries').select(['status', 'attempts']).where('notification_id', 'in', ids).execute();
    expect(statuses.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('encrypts the push to the browser’s keys with a VAPID signature, and prunes a subscription the push service says is gone', async () => {
    const user = await reachableCustomer(app, scratch.db);
    const live = browserSubscription(`${providers.url}/push/live-${user.id}`);
    const gone = browserSubscription(`${providers.url}/push/gone-${user.id}`);
    expect((await subscribe(user, live)).statusCode).toBe(201);
    expect((await subscribe(user, gone)).statusCode).toBe(201);
    providers.pushStatus.set(`/push/gone-${user.id}`, 410);

    const id = await schedule(scratch.db, user, 'vehicle_ready', shop.clock.now());
    await worker(scratch.db, shop.clock, config).deliverPending();
    const [row] = await deliveriesOf(scratch.db, id);
    expect(row).toMatchObject({ channel: 'push', status: 'sent' });

    const received = providers.pushes.find((push) => push.path === `/push/live-${user.id}`)!;
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(received.headers.topic).toBe(`n${id}`);
    expect(JSON.parse(decryptPush(received.body, live))).toEqual({ title: 'Xe của anh/chị đã sẵn sàng', body: 'Mời anh/chị đến nhận xe tại trung tâm Cầu Giấy.', link: '/appointments/42' });
    const [, jwt, key] = /^vapid t=([^,]+), k=(.+)$/.exec(String(received.headers.authorization))!;
    expect(key).toBe(TEST_VAPID.publicKey);
    const raw = Buffer.from(TEST_VAPID.publicKey, 'base64url');
    const publicKey = await importJWK({ kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, 'ES256');
    const { payload } = await jwtVerify(jwt!, publicKey);
    expect(payload).toMatchObject({ aud: providers.url, sub: 'mailto:cskh@cuahang.test' });

    const left = await scratch.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute();
    expect(left.map((subscription) => subscription.endpoint)).toEqual([live.endpoint]);

    // Every device gone: pruned, and the notification goes on to Zalo.
    providers.pushStatus.set(`/push/live-${user.id}`, 404);
    const next = await schedule(scratch.db, user, 'vehicle_ready', shop.clock.now());
    const deliveries = worker(scratch.db, shop.clock, config);
    await deliveries.deliverPending();
    await deliveries.deliverPending();
    expect((await deliveriesOf(scratch.db, next)).map((delivery) => [delivery.channel, delivery.status])).toEqual([
      ['push', 'failed'],
      ['zalo', 'sent'],
    ]);
    expect(await scratch.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
