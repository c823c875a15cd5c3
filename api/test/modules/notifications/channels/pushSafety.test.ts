import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '../../../../src/config';
import { isPublicAddress, publicPushSender } from '../../../../src/modules/notifications/channels/providers/pushConnection';
import { confirmedDevices } from '../../../../src/modules/notifications/channels/providers/webPushChannel';
import { startAuthApp, testConfig, type AuthTestApp } from '../../../support/authTestKit';
import type { TestUser } from '../../../support/shopTestKit';
import { productionDatabase, useScratchDatabase } from '../../../support/testDatabases';
import { browserSubscription, channelsConfig, deliveriesOf, reachableCustomer, schedule, worker } from './channelsKit';

/** A loopback HTTP listener that counts what reaches it; `answer` decides the reply per path (default 201). */
async function listener(answer: (request: IncomingMessage) => { status: number; headers?: Record<string, string> } = () => ({ status: 201 })) {
  // Push requests (and anything at /stolen); what else reaches it (the channels' Zalo and eSMS sends) apart.
  const requests: string[] = [];
  const other: string[] = [];
  const server: Server = createServer((request, response) => {
    if ((request.url ?? '').startsWith('/push/') || (request.url ?? '').startsWith('/stolen')) requests.push(request.url ?? '');
    else other.push(request.url ?? '');
    request.resume();
    const { status, headers } = answer(request);
    response.writeHead(status, headers).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const INTERNAL_ADDRESSES = (port: number) => [
  `http://127.0.0.1:${port}/push/a`,
  `https://127.0.0.1:${port}/push/a`,
  'http://169.254.169.254/latest/meta-data/',
  'https://169.254.169.254/latest/meta-data/',
  `https://localhost:${port}/push/a`,
  'https://localhost/push/a',
  `https://[::1]:${port}/push/a`,
  'https://[::1]/push/a',
  `https://[::ffff:127.0.0.1]:${port}/push/a`,
  'https://[::ffff:127.0.0.1]/push/a',
  `https://2130706433:${port}/push/a`,
  'https://2130706433/push/a',
  'https://0177.0.0.1/push/a',
  'https://0x7f.0.0.1/push/a',
  'http://127.0.0.1:6379/',
  'https://10.0.0.5/push/a',
  'https://100.64.0.1/push/a',
  'https://[fd00::1]/push/a',
  // Push services' names, but not as browsers give them.
  'http://fcm.googleapis.com/fcm/send/abc',
  'https://fcm.googleapis.com:8443/fcm/send/abc',
  'https://user:secret@fcm.googleapis.com/fcm/send/abc',
  'https://fcm.googleapis.com./fcm/send/abc',
  'https://fcm.googleapis.com.attacker.test/fcm/send/abc',
  'https://attackerpush.apple.com/x',
  'https://push.apple.com/x',
  'https://intranet.example/push/a',
];

describe('a push connection goes to public addresses only', () => {
  it('tells public addresses from loopback, private, link-local, CGNAT, multicast, unspecified and mapped ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'fc00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::ffff:a9fe:a9fe]', '64:ff9b::a00:1', '::127.0.0.1', '198.51.100.7', 'not-an-ip']) {
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    }
    for (const address of ['142.250.196.10', '8.8.8.8', '2607:f8b0:4005:80a::200a', '::ffff:8.8.8.8']) expect([address, isPublicAddress(address)]).toEqual([address, true]);
  });

  it('never connects to a name that resolves to an internal address, nor to an internal IP literal (the canary gets 0)', async () => {
    const canary = await listener();
    try {
      const resolveAll = (_hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: Array<{ address: string; family: number }>) => void) =>
        callback(null, [
          { address: '127.0.0.1', family: 4 },
          { address: '::1', family: 6 },
          { address: '::ffff:127.0.0.1', family: 6 },
          { address: '10.0.0.1', family: 4 },
        ]);
      const send = publicPushSender({ resolveAll });
      const init = { method: 'POST', headers: { ttl: '60' }, body: new Uint8Array([1, 2, 3]), signal: AbortSignal.timeout(5_000) };
      await expect(send(`https://rebinding.push.example:${canary.port}/push/a`, init)).rejects.toThrow(/không phải địa chỉ công khai/);
      await expect(send(`http://rebinding.push.example:${canary.port}/push/a`, init)).rejects.toThrow(/không phải địa chỉ công khai/);
      for (const target of INTERNAL_ADDRESSES(canary.port)) {
        await expect(send(target, init)).rejects.toThrow();
      }
      // Without the stub the system resolver is asked: localhost is loopback.
      await expect(publicPushSender()(`https://localhost:${canary.port}/push/a`, init)).rejects.toThrow(/không phải địa chỉ công khai/);
      // The tests' stand-in is exempt only at its exact origin.
      await expect(publicPushSender({ standInOrigin: 'http://127.0.0.1:1' })(`${canary.url}/push/a`, init)).rejects.toThrow();
      expect(canary.requests).toEqual([]);
    } finally {
      await canary.close();
    }
  });

  it('reads the confirmed devices from the head of a delivery’s answer, even one cut short', () => {
    expect([...confirmedDevices('{"confirmed":[3,17],"devices":[{"id":5,"endpoint":"https://fcm.googleapis.com/fcm/se')]).toEqual([3, 17]);
    expect([...confirmedDevices('[{"endpoint":"x","answer":"201"}]')]).toEqual([]);
    expect([...confirmedDevices(null)]).toEqual([]);
  });
});

describe.each(productionDatabase())('push subscriptions are safe on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let shop: AuthTestApp;
  let canary: Awaited<ReturnType<typeof listener>>;
  let pushService: Awaited<ReturnType<typeof listener>>;
  let config: Config;
  /** Path → the statuses the push service answers in turn (then 201). */
  const script = new Map<string, number[]>();

  beforeAll(async () => {
    canary = await listener();
    pushService = await listener((request) => {
      const path = request.url ?? '';
      if (!path.startsWith('/push/')) return { status: 200 };
    if (path.startsWith('/push/redirect')) return { status: 307, headers: { location: `${canary.url}/stolen` } };
      const status = script.get(path)?.shift() ?? 201;
      return { status };
    });
    config = channelsConfig(pushService.url);
    shop = await startAuthApp(scratch.db, { config });
  });
  afterAll(async () => {
    await shop.close();
    await pushService.close();
    await canary.close();
  });
  beforeEach(() => {
    canary.requests.length = 0;
    pushService.requests.length = 0;
    script.clear();
  });

  const subscribe = (user: TestUser, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, app = shop.app) =>
    app.inject({ method: 'POST', url: '/api/notifications/push-subscriptions', headers: user.headers, payload: { endpoint: subscription.endpoint, keys: subscription.keys } });
  const rowsOf = (user: TestUser) => scratch.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', user.id).orderBy('id').execute();

  it('refuses internal, non-https, non-default-port, userinfo and unknown hosts at registration (400, nothing stored, canary 0)', async () => {
    const user = await reachableCustomer(shop.app, scratch.db);
    for (const endpoint of INTERNAL_ADDRESSES(canary.port)) {
      const response = await subscribe(user, browserSubscription(endpoint));
      expect([endpoint, response.statusCode]).toEqual([endpoint, 400]);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect(await rowsOf(user)).toEqual([]);
    await worker(scratch.db, shop.clock, config).deliverPending();
    expect(canary.requests).toEqual([]);
  });

  it('takes the browsers’ push services and PUSH_ENDPOINT_HOSTS, and the stand-in only outside production', async () => {
    const user = await reachableCustomer(shop.app, scratch.db);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH0',
      'https://wns2-sg2p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect([endpoint, (await subscribe(user, browserSubscription(endpoint))).statusCode]).toEqual([endpoint, 201]);
    }
    expect(await subscribe(user, browserSubscription(`${pushService.url}/push/standin-ok`))).toHaveProperty('statusCode', 201);

    const configured = loadConfig({ PUSH_ENDPOINT_HOSTS: 'push.cuahang.test, *.push.example.net' });
    expect(configured.pushEndpointHosts).toEqual(['push.cuahang.test', '*.push.example.net']);
    expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: '127.0.0.1' })).toThrow(/PUSH_ENDPOINT_HOSTS/);
    expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: 'https://push.example.net' })).toThrow(/PUSH_ENDPOINT_HOSTS/);
    const extra = await startAuthApp(scratch.db, { config: { ...config, pushEndpointHosts: configured.pushEndpointHosts, pushStandInOrigin: null } });
    const production = await startAuthApp(scratch.db, { config: { ...config, nodeEnv: 'production', devOutbox: false } });
    try {
      const other = await reachableCustomer(extra.app, scratch.db);
      expect((await subscribe(other, browserSubscription('https://push.cuahang.test/s/1'), extra.app)).statusCode).toBe(201);
      expect((await subscribe(other, browserSubscription('https://eu.push.example.net/s/1'), extra.app)).statusCode).toBe(201);
      expect((await subscribe(other, browserSubscription('https://push.example.net/s/1'), extra.app)).statusCode).toBe(400);
      expect((await subscribe(other, browserSubscription(`${pushService.url}/push/standin-not-configured`), extra.app)).statusCode).toBe(400);
      expect((await subscribe(other, browserSubscription(`${pushService.url}/push/standin-production`), production.app)).statusCode).toBe(400);
    } finally {
      await extra.close();
      await production.close();
    }
    expect(testConfig().pushStandInOrigin).toBeNull();
  });

  it('refuses malformed keys (400): p256dh not an uncompressed P-256 point on the curve, auth not 16 bytes', async () => {
    const user = await reachableCustomer(shop.app, scratch.db);
    const good = browserSubscription('https://fcm.googleapis.com/fcm/send/keys-check');
    const point = Buffer.from(good.keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve[64] = offCurve[64]! ^ 0x01;
    const compressed = Buffer.concat([Buffer.from([0x02 + (point[64]! & 1)]), point.subarray(1, 33)]);
    const notUncompressed = Buffer.from(point);
    notUncompressed[0] = 0x05;
    for (const keys of [
      { p256dh: offCurve.toString('base64url'), auth: good.keys.auth },
      { p256dh: compressed.toString('base64url'), auth: good.keys.auth },
      { p256dh: notUncompressed.toString('base64url'), auth: good.keys.auth },
      { p256dh: point.subarray(0, 64).toString('base64url'), auth: good.keys.auth },
      { p256dh: `${good.keys.p256dh.slice(0, -2)}+/`, auth: good.keys.auth },
      { p256dh: 'x', auth: good.keys.auth },
      { p256dh: good.keys.p256dh, auth: Buffer.alloc(15, 7).toString('base64url') },
      { p256dh: good.keys.p256dh, auth: Buffer.alloc(17, 7).toString('base64url') },
      { p256dh: good.keys.p256dh, auth: 'not base64!' },
    ]) {
      const response = await subscribe(user, { endpoint: good.endpoint, keys });
      expect([keys, response.statusCode]).toEqual([keys, 400]);
      expect(response.json().success).toBe(false);
    }
    expect(await rowsOf(user)).toEqual([]);
    expect((await subscribe(user, good)).statusCode).toBe(201);
  });

  it('never moves another user’s endpoint to the poster (201 as if stored, the owner keeps it and its keys)', async () => {
    const owner = await reachableCustomer(shop.app, scratch.db);
    const thief = await reachableCustomer(shop.app, scratch.db);
    const device = browserSubscription(`${pushService.url}/push/owner-${owner.id}`);
    const first = await subscribe(owner, device);
    expect(first.statusCode).toBe(201);
    const stolen = await subscribe(thief, browserSubscription(device.endpoint));
    expect(stolen.statusCode).toBe(201);
    expect(stolen.json()).toEqual(first.json());
    expect(await rowsOf(thief)).toEqual([]);
    expect(await rowsOf(owner)).toEqual([{ id: first.json().data.id, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth }]);
    // The owner's own browser again: same row, keys renewed.
    const renewed = browserSubscription(device.endpoint);
    expect((await subscribe(owner, renewed)).json()).toEqual(first.json());
    expect((await rowsOf(owner))[0]).toMatchObject({ p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });

    const id = await schedule(scratch.db, thief, 'vehicle_ready', shop.clock.now());
    await worker(scratch.db, shop.clock, config).deliverPending();
    expect((await deliveriesOf(scratch.db, id)).map((row) => row.channel)).not.toContain('push');
    expect(pushService.requests).toEqual([]);
  });

  it('does not follow a push service’s redirect to an internal address (that device fails, canary 0)', async () => {
    const user = await reachableCustomer(shop.app, scratch.db);
    expect((await subscribe(user, browserSubscription(`${pushService.url}/push/redirect-${user.id}`))).statusCode).toBe(201);
    const id = await schedule(scratch.db, user, 'vehicle_ready', shop.clock.now());
    await worker(scratch.db, shop.clock, config).deliverPending();
    const [push] = await deliveriesOf(scratch.db, id);
    expect(push).toMatchObject({ channel: 'push', status: 'failed' });
    expect(push!.raw_answer).toContain('307');
    expect(pushService.requests).toEqual([`/push/redirect-${user.id}`]);
    expect(canary.requests).toEqual([]);
  });

  it('fails only the device with a malformed stored key or an internal address; a retry sends only to the devices not confirmed', async () => {
    const user = await reachableCustomer(shop.app, scratch.db);
    const paths = [`/push/one-${user.id}`, `/push/two-${user.id}`, `/push/busy-${user.id}`];
    for (const path of paths) expect((await subscribe(user, browserSubscription(`${pushService.url}${path}`))).statusCode).toBe(201);
    // Rows stored before these rules (or written around them): a key web-push cannot use, an internal address.
    const now = shop.clock.now().toISOString();
    await scratch.db
      .insertInto('push_subscriptions')
      .values([
        { user_id: user.id, endpoint: `${pushService.url}/push/badkey-${user.id}`, p256dh: 'BAAA', auth: 'short', created_at: now },
        { user_id: user.id, endpoint: `http://127.0.0.1:${canary.port}/push/internal-${user.id}`, p256dh: browserSubscription('x').keys.p256dh, auth: browserSubscription('x').keys.auth, created_at: now },
      ])
      .execute();
    script.set(`/push/busy-${user.id}`, [503]);

    const id = await schedule(scratch.db, user, 'vehicle_ready', shop.clock.now());
    const deliveries = worker(scratch.db, shop.clock, config);
    await deliveries.deliverPending();
    let [push] = await deliveriesOf(scratch.db, id);
    expect(push).toMatchObject({ channel: 'push', status: 'pending' });
    expect([...pushService.requests].sort()).toEqual([...paths].sort());

    for (let round = 0; round < 3 && push!.status === 'pending'; round += 1) {
      shop.clock.advance(24 * 3600 * 1000);
      await deliveries.deliverPending();
      [push] = await deliveriesOf(scratch.db, id);
    }
    expect(push).toMatchObject({ channel: 'push', status: 'sent', provider_ref: '3/5 thiết bị' });
    const counts = Object.fromEntries(paths.map((path) => [path, pushService.requests.filter((request) => request === path).length]));
    expect(counts).toEqual({ [paths[0]!]: 1, [paths[1]!]: 1, [paths[2]!]: 2 });
    expect(pushService.requests.some((request) => request.includes('badkey'))).toBe(false);
    expect(canary.requests).toEqual([]);
  });
});
