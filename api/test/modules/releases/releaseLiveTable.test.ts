import { canaryBucket, inCanary, liveTableSchema, type LiveTable } from 'shared-contracts/schemas';
import { eventually } from '../../support/eventually';
import { authHeader, createUser, startServiceApp, type ServiceApp } from '../../support/serviceTestKit';
import { listen, openEventStream, type SseStream } from '../../support/sseClient';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { buildIdOf, contentHash, publishBody, shellInfo, storefrontInfo } from './releaseFixtures';

/**
 * The live table the shell's server keeps (decision 0070): GET /api/releases/live and its stream, which sends the
 * table on connecting and again after every move — made on this instance or on another one — so the server gives each
 * browser its build without asking for each page.
 */
describe.each(productionDatabase())('the live table and its stream on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let one: ServiceApp;
  let two: ServiceApp;
  let asAdmin: Record<string, string>;
  let stream: SseStream | null = null;
  let twoUrl = '';

  const v1 = storefrontInfo({ version: '1.4.0' });
  const v1Id = buildIdOf(v1, contentHash('storefront 1.4.0'));
  const v2 = storefrontInfo({ version: '1.5.0' });
  const v2Id = buildIdOf(v2, contentHash('storefront 1.5.0'));

  beforeAll(async () => {
    const configOverrides = { databaseUrl: scratch.config.databaseUrl, sqliteFile: scratch.config.sqliteFile };
    one = await startServiceApp(scratch.db, { configOverrides });
    two = await startServiceApp(scratch.db, { configOverrides });
    asAdmin = await authHeader(one.app, await createUser(scratch.db, 'admin', 'Lê Quản Trị'));
    twoUrl = await listen(two.app);
    expect((await post('/api/releases/shell/builds', publishBody(shellInfo(), contentHash('shell 1.0.0')))).statusCode).toBe(201);
    expect((await post('/api/releases/mfe_storefront/builds', publishBody(v1, contentHash('storefront 1.4.0')))).statusCode).toBe(201);
    expect((await post('/api/releases/mfe_storefront/builds', publishBody(v2, contentHash('storefront 1.5.0')))).statusCode).toBe(201);
  });
  afterEach(() => {
    stream?.close();
    stream = null;
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  const post = (url: string, payload: object) => one.app.inject({ method: 'POST', url, headers: asAdmin, payload });
  const tableOf = (data: string): LiveTable => liveTableSchema.parse(JSON.parse(data));

  it('answers every remote’s live build, and the stream sends it on connecting and after a canary starts elsewhere', async () => {
    // instance two learns of the builds published on one through the feed, which a loaded machine may deliver late
    await eventually(async () => {
      const table = liveTableSchema.parse((await two.app.inject({ method: 'GET', url: '/api/releases/live' })).json().data);
      expect(table.remotes.mfe_storefront).toEqual({ live: { buildId: v1Id, url: expect.stringContaining(v1Id) }, canary: null });
    });

    stream = await openEventStream(twoUrl, '', '/api/releases/live/stream');
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    const first = await stream.next();
    expect(first.event).toBe('live');
    expect(tableOf(first.data).remotes.mfe_storefront?.live.buildId).toBe(v1Id);

    // the move is made on the other instance
    expect((await post('/api/releases/mfe_storefront/canary', { buildId: v2Id, percent: 30, version: 1 })).statusCode).toBe(200);
    const next = tableOf((await stream.next(5_000)).data);
    expect(next.remotes.mfe_storefront).toMatchObject({ live: { buildId: v1Id }, canary: { buildId: v2Id, percent: 30 } });

    // the share the shell's server computes from the table is the one the API's manifest gives
    for (let index = 0; index < 50; index++) {
      const browser = `browser-key-${index}-of-the-table-test`;
      const manifest = (await one.app.inject({ method: 'GET', url: `/api/releases/manifest?browser=${browser}` })).json().data;
      expect(manifest.remotes.mfe_storefront.buildId).toBe(inCanary(browser, 'mfe_storefront', 30) ? v2Id : v1Id);
    }
  });

  it('sends a canary stopped on this instance at once', async () => {
    stream = await openEventStream(twoUrl, '', '/api/releases/live/stream');
    await stream.next();
    const rolledBack = await two.app.inject({ method: 'POST', url: '/api/releases/mfe_storefront/canary/stop', headers: asAdmin, payload: { version: 2 } });
    expect(rolledBack.statusCode).toBe(200);
    expect(tableOf((await stream.next(1_000)).data).remotes.mfe_storefront).toMatchObject({ live: { buildId: v1Id }, canary: null });
  });
});

describe('the canary share', () => {
  it('splits browsers evenly, differently for each app, and keeps each browser where it fell', () => {
    const keys = Array.from({ length: 20_000 }, (_, index) => `browser-${index.toString(36)}-${(index * 7919).toString(16)}`);
    const buckets = new Array<number>(100).fill(0);
    for (const key of keys) buckets[canaryBucket(key, 'mfe_storefront')]! += 1;
    // 200 a bucket on average: no bucket is far from it (a binomial's sd is 14)
    expect(Math.min(...buckets)).toBeGreaterThan(130);
    expect(Math.max(...buckets)).toBeLessThan(270);
    const tenPercent = keys.filter((key) => inCanary(key, 'mfe_storefront', 10)).length;
    expect(tenPercent).toBeGreaterThan(1_800);
    expect(tenPercent).toBeLessThan(2_200);
    const both = keys.filter((key) => inCanary(key, 'mfe_storefront', 50) && inCanary(key, 'mfe_account', 50)).length;
    expect(both / keys.length).toBeGreaterThan(0.22);
    expect(both / keys.length).toBeLessThan(0.28);
    expect(keys.slice(0, 100).map((key) => canaryBucket(key, 'mfe_storefront'))).toEqual(keys.slice(0, 100).map((key) => canaryBucket(key, 'mfe_storefront')));
    expect(inCanary(keys[0]!, 'mfe_storefront', 0)).toBe(false);
    expect(keys.every((key) => inCanary(key, 'mfe_storefront', 100))).toBe(true);
  });
});
