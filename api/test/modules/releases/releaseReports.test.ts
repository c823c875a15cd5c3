import { randomUUID } from 'node:crypto';
import { liveManifestSchema, releaseOverviewResponseSchema, releaseStateSchema, type BuildReport, type ReleaseInfo } from 'shared-contracts/schemas';
import { authHeader, createUser, startServiceApp, type ServiceApp } from '../../support/serviceTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { accountInfo, backofficeInfo, buildIdOf, contentHash, publishBody, shellInfo, storefrontInfo } from './releaseFixtures';

/**
 * Errors per build (decision 0070): the shell's sampled pages POST /api/releases/reports without a session; the
 * reports add up per build, only for a remote's live build and its canary; a canary whose error rate passes the live
 * build's by more than 5 points (at least 20 views, 3 errors) is stopped by the system, every browser back on the
 * live build; a healthy one runs on.
 */
describe.each(testDatabases())('reports of views and errors per build on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let service: ServiceApp;
  let asAdmin: Record<string, string>;
  let address = 0;

  const build = (info: ReleaseInfo) => ({ info, hash: contentHash(`${info.app} ${info.version}`), id: buildIdOf(info, contentHash(`${info.app} ${info.version}`)) });
  const s1 = build(storefrontInfo({ version: '1.4.0' }));
  const s2 = build(storefrontInfo({ version: '1.5.0' }));
  const s0 = build(storefrontInfo({ version: '1.3.0' }));
  const a1 = build(accountInfo({ version: '2.0.0' }));
  const a2 = build(accountInfo({ version: '2.1.0' }));
  const b1 = build(backofficeInfo({ version: '3.2.0' }));

  beforeAll(async () => {
    service = await startServiceApp(scratch.db, { configOverrides: { databaseUrl: scratch.config.databaseUrl, sqliteFile: scratch.config.sqliteFile } });
    asAdmin = await authHeader(service.app, await createUser(scratch.db, 'admin', 'Lê Quản Trị'));
    expect((await post('/api/releases/shell/builds', publishBody(shellInfo(), contentHash('shell')))).statusCode).toBe(201);
    // s1 live, s2 and s0 published; a1 live, a2 published; b1 live
    for (const { info, hash } of [s1, s2, s0, a1, a2, b1]) expect((await post(`/api/releases/${info.app}/builds`, publishBody(info, hash))).statusCode).toBe(201);
  });
  afterAll(async () => {
    await service.close();
  });

  const post = (url: string, payload: object) => service.app.inject({ method: 'POST', url, headers: asAdmin, payload });
  /** One browser's request: each from its own address unless told (the route is limited per address). */
  const report = (reports: unknown[], from = `10.0.${Math.floor(++address / 250)}.${address % 250}`) =>
    service.app.inject({ method: 'POST', url: '/api/releases/reports', remoteAddress: from, payload: { reports } });
  const view = (remote: BuildReport['remote'], buildId: string, errors = 0): BuildReport => ({ remote, buildId, views: 1, errors });
  const counters = async () =>
    Object.fromEntries(
      (await scratch.db.selectFrom('release_build_health').select(['build_id', 'views', 'errors']).orderBy('build_id').execute()).map((row) => [row.build_id, { views: Number(row.views), errors: Number(row.errors) }]),
    );
  const state = async (app: string) => releaseStateSchema.parse((await service.app.inject({ method: 'GET', url: `/api/releases/${app}/state`, headers: asAdmin })).json().data);
  const overviewOf = async (app: string) => releaseOverviewResponseSchema.parse((await service.app.inject({ method: 'GET', url: '/api/admin/releases', headers: asAdmin })).json()).data.apps.find((entry) => entry.app === app)!;

  it('adds each report to its build’s counters, answering 202 without a session', async () => {
    const first = await report([view('mfe_storefront', s1.id), view('mfe_account', a1.id, 2)]);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ success: true });
    // the same page's later error
    expect((await report([{ remote: 'mfe_storefront', buildId: s1.id, views: 0, errors: 1 }])).statusCode).toBe(202);
    expect(await counters()).toEqual({ [a1.id]: { views: 1, errors: 2 }, [s1.id]: { views: 1, errors: 1 } });
  });

  it('ignores a build that is neither live nor the canary: an older one, one never published', async () => {
    const before = await counters();
    expect((await report([view('mfe_storefront', s0.id, 3), view('mfe_storefront', '9.9.9-0123456789', 1), view('mfe_backoffice', '3.0.0-0123456789', 1)])).statusCode).toBe(202);
    expect(await counters()).toEqual(before);
  });

  it('refuses more than 3 reports, or a malformed one, with a Vietnamese message, counting nothing', async () => {
    const before = await counters();
    const four = await report([view('mfe_storefront', s1.id), view('mfe_account', a1.id), view('mfe_backoffice', s1.id), view('mfe_storefront', s1.id)]);
    expect(four.statusCode).toBe(400);
    expect(four.json()).toMatchObject({ success: false, errors: [{ field: 'reports', message: 'Tối đa 3 báo cáo mỗi lần gửi.' }] });
    const tooMany = await report([{ ...view('mfe_storefront', s1.id), errors: 21 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].message).toBe('Số lỗi tối đa 20 mỗi báo cáo.');
    for (const wrong of [{ ...view('mfe_storefront', s1.id), views: 2 }, { ...view('mfe_storefront', 'latest') }, { ...view('mfe_storefront', s1.id), remote: 'shell' }]) {
      expect((await report([wrong])).statusCode).toBe(400);
    }
    expect(await counters()).toEqual(before);
  });

  it('counts every report of batches sent at the same time, the first ones of a build too', async () => {
    const before = (await counters())[a1.id]!;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => report([view('mfe_account', a1.id, 1), view('mfe_backoffice', b1.id, index % 2)])));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(202));
    expect((await counters())[a1.id]).toEqual({ views: before.views + 12, errors: before.errors + 12 });
    expect((await counters())[b1.id]).toEqual({ views: 12, errors: 6 });
  });

  it('stops a canary whose error rate passes the live build’s, every browser back on the live build', async () => {
    expect((await post('/api/releases/mfe_storefront/canary', { buildId: s2.id, percent: 50, version: 1 })).statusCode).toBe(200);
    for (let index = 0; index < 39; index += 1) await report([view('mfe_storefront', s1.id)]);
    // 7 errors in 17 views: too few views to judge
    for (let index = 0; index < 17; index += 1) await report([view('mfe_storefront', s2.id, index < 7 ? 1 : 0)]);
    expect(await state('mfe_storefront')).toMatchObject({ canary: s2.id, percent: 50 });

    // the 20th view comes with two others at once: each request may judge, one stops it, the others' 409 is no error
    const last = await Promise.all([1, 2, 3].map(() => report([view('mfe_storefront', s2.id)])));
    expect(last.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    expect(await state('mfe_storefront')).toEqual({ version: 3, live: s1.id, canary: null, percent: 0 });
    expect((await overviewOf('mfe_storefront')).events.filter((event) => event.action === 'CANARY_STOP')).toHaveLength(1);
    const browsers = Array.from({ length: 100 }, () => randomUUID());
    const served = await Promise.all(
      browsers.map(async (browser) => liveManifestSchema.parse((await service.app.inject({ method: 'GET', url: `/api/releases/manifest?browser=${browser}` })).json().data).remotes.mfe_storefront!.buildId),
    );
    expect(new Set(served)).toEqual(new Set([s1.id]));
    const [stop] = (await overviewOf('mfe_storefront')).events;
    expect(stop).toMatchObject({
      action: 'CANARY_STOP',
      buildId: s2.id,
      fromBuildId: s1.id,
      percent: 50,
      via: 'SYSTEM',
      actor: null,
      tokenLabel: 'Tự động dừng canary',
      note: 'Tự động dừng: tỉ lệ lỗi 35,0 % (7/20 lượt xem) so với 2,5 % của bản chính thức',
    });
    // the stopped build's later reports are not counted; the page still shows what it had
    await report([view('mfe_storefront', s2.id, 5)]);
    expect((await counters())[s2.id]).toEqual({ views: 20, errors: 7 });
    const builds = (await overviewOf('mfe_storefront')).builds;
    expect(builds.map(({ buildId, views, errors }) => ({ buildId, views, errors }))).toEqual([
      { buildId: s0.id, views: 0, errors: 0 },
      { buildId: s2.id, views: 20, errors: 7 },
      { buildId: s1.id, views: 40, errors: 1 },
    ]);
  });

  it('lets a healthy canary run on', async () => {
    const { version } = await state('mfe_account');
    expect((await post('/api/releases/mfe_account/canary', { buildId: a2.id, percent: 30, version })).statusCode).toBe(200);
    for (let index = 0; index < 40; index += 1) await report([view('mfe_account', a2.id, index === 10 ? 1 : 0), view('mfe_account', a1.id)]);
    expect(await state('mfe_account')).toMatchObject({ canary: a2.id, percent: 30 });
    const overview = await overviewOf('mfe_account');
    expect(overview.events[0]).toMatchObject({ action: 'CANARY', via: 'ADMIN' });
    // the admin's page reads the counters of the live build and the canary (and of every build listed)
    const liveCounts = await counters();
    expect(overview.canary).toMatchObject({ buildId: a2.id, views: 40, errors: 1 });
    expect(overview.live).toMatchObject({ buildId: a1.id, ...liveCounts[a1.id] });
    expect(overview.live!.views).toBeGreaterThan(40);
    expect(overview.builds.find((listed) => listed.buildId === a2.id)).toMatchObject({ views: 40, errors: 1 });
  });

  it('answers 429 with Retry-After to an address past 120 requests a minute', async () => {
    const from = '203.0.113.9';
    for (let index = 0; index < 120; index += 1) expect((await report([view('mfe_backoffice', '3.0.0-0123456789')], from)).statusCode).toBe(202);
    const refused = await report([view('mfe_storefront', s1.id)], from);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toEqual(expect.stringMatching(/^\d+$/));
    expect(refused.json().message).toBe('Trình duyệt này đã gửi quá nhiều báo cáo. Vui lòng thử lại sau một phút.');
    // another address is not held back
    expect((await report([view('mfe_storefront', s1.id)])).statusCode).toBe(202);
  });
});
