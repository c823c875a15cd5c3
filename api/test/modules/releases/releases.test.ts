import { randomUUID } from 'node:crypto';
import { liveManifestSchema, publishBuildResultSchema, releaseOverviewResponseSchema, releaseStateSchema, type ReleaseInfo } from 'shared-contracts/schemas';
import { eventually } from '../../support/eventually';
import { authHeader, createUser, startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { accountInfo, buildIdOf, contentHash, publishBody, SHARED, shellInfo, storefrontInfo } from './releaseFixtures';

type Headers = Record<string, string>;

/**
 * The release registry (issue 68, decision 0070) through its routes, on two API instances sharing one database: the
 * gate refuses with its reasons; publish → canary 50 % → about half of 200 browsers get the canary, each keeping it;
 * promote → all; rollback → all back on the old build, on the other instance too; every move needs the version the
 * caller read (409 otherwise) and is audited; a release token moves its own app only.
 */
describe.each(testDatabases())('the release registry on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let one: ServiceApp;
  let two: ServiceApp;
  let admin: TestUser;
  let asAdmin: Headers;
  const browsers = Array.from({ length: 200 }, () => randomUUID());

  const v1 = storefrontInfo({ version: '1.4.0' });
  const v1Hash = contentHash('storefront 1.4.0');
  const v1Id = buildIdOf(v1, v1Hash);
  const v2 = storefrontInfo({ version: '1.5.0', commit: '99aa88bb77' });
  const v2Hash = contentHash('storefront 1.5.0');
  const v2Id = buildIdOf(v2, v2Hash);

  beforeAll(async () => {
    // PostgreSQL: the instances tell each other through LISTEN/NOTIFY; SQLite: each reads its copy again after a second.
    const configOverrides = { databaseUrl: scratch.config.databaseUrl, sqliteFile: scratch.config.sqliteFile };
    one = await startServiceApp(scratch.db, { configOverrides });
    two = await startServiceApp(scratch.db, { configOverrides });
    admin = await createUser(scratch.db, 'admin', 'Lê Quản Trị');
    asAdmin = await authHeader(one.app, admin);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  async function send(service: ServiceApp, headers: Headers, method: 'GET' | 'POST', url: string, payload?: unknown) {
    return service.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  const publish = (info: ReleaseInfo, hash: string, headers: Headers = asAdmin, app: string = info.app) => send(one, headers, 'POST', `/api/releases/${app}/builds`, publishBody(info, hash));
  const state = async (app: string, headers: Headers = asAdmin) => releaseStateSchema.parse((await send(one, headers, 'GET', `/api/releases/${app}/state`)).json().data);
  const manifest = async (service: ServiceApp, browser: string) => liveManifestSchema.parse((await send(service, {}, 'GET', `/api/releases/manifest?browser=${browser}`)).json().data);
  /** The storefront build each browser gets from `service`. */
  const storefrontBuilds = async (service: ServiceApp) => Promise.all(browsers.map(async (browser) => (await manifest(service, browser)).remotes.mfe_storefront!.buildId));
  const overviewOf = async (app: string) => releaseOverviewResponseSchema.parse((await send(one, asAdmin, 'GET', '/api/admin/releases')).json()).data.apps.find((entry) => entry.app === app)!;

  it('refuses a remote’s build before a shell is live, then takes the shell’s first build as live', async () => {
    const early = await publish(v1, v1Hash);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: [{ field: 'releaseInfo', message: expect.stringContaining('Chưa có bản shell nào đang chạy') }] });

    const shell = shellInfo();
    const shellHash = contentHash('shell 1.0.0');
    const published = await publish(shell, shellHash);
    expect(published.statusCode).toBe(201);
    expect(publishBuildResultSchema.parse(published.json().data)).toMatchObject({
      created: true,
      build: { buildId: buildIdOf(shell, shellHash), publishedVia: 'ADMIN', publishedBy: { id: admin.id, name: 'Lê Quản Trị' } },
      state: { version: 1, live: buildIdOf(shell, shellHash), canary: null, percent: 0 },
    });
    // the shell is not a remote: the manifest has nothing to serve yet
    expect(await manifest(one, browsers[0]!)).toEqual({ remotes: {}, contractsVersion: expect.any(String) });
  });

  it('refuses a build the gate finds incompatible, with each reason, and stores nothing', async () => {
    const secondReact = storefrontInfo({ version: '1.3.9', shared: { ...SHARED, react: { version: '18.3.1', requiredVersion: '^18.3.0' } }, routes: ['/', '/products', '/cart'], contractsVersion: '1.0.0' });
    const refused = await publish(secondReact, contentHash('storefront 1.3.9'));
    expect(refused.statusCode).toBe(422);
    const body = refused.json();
    expect(body.message).toBe('Bản dựng không qua kiểm tra tương thích với shell và API đang chạy.');
    expect(body.errors.map((error: { field: string }) => error.field)).toEqual(['releaseInfo', 'releaseInfo', 'releaseInfo']);
    expect(body.errors.map((error: { message: string }) => error.message)).toEqual([
      expect.stringContaining('shared-contracts 1.0.0'),
      expect.stringContaining('"react" 19.2.0, không thuộc dải ^18.3.0'),
      expect.stringContaining('bỏ mất đường dẫn'),
    ]);
    expect(await state('mfe_storefront')).toEqual({ version: 0, live: null, canary: null, percent: 0 });
    expect((await overviewOf('mfe_storefront')).builds).toEqual([]);
  });

  it('makes a remote’s first build live at once, keeps later ones as candidates, and answers a repeat with the stored build', async () => {
    const first = await publish(v1, v1Hash);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.state).toEqual({ version: 1, live: v1Id, canary: null, percent: 0 });
    expect(await manifest(one, browsers[0]!)).toMatchObject({ remotes: { mfe_storefront: { url: `/remotes/mfe-storefront/${v1Id}/mf-manifest.json`, buildId: v1Id, canary: false } } });

    const second = await publish(v2, v2Hash);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.state).toEqual({ version: 1, live: v1Id, canary: null, percent: 0 });

    const repeat = await publish(v2, v2Hash);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({ message: 'Bản dựng này đã được phát hành trước đó.', data: { created: false, build: { buildId: v2Id } } });
    // the same id (version and first 10 digits) over other content
    const clash = await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/builds', { ...publishBody(v2, v2Hash), contentHash: `${v2Hash.slice(0, 10)}${'0'.repeat(54)}` });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain(`Bản dựng ${v2Id} đã được phát hành với nội dung khác`);
  });

  it('gives the canary to about half of 200 browsers at 50 %, each keeping its build', async () => {
    // instance two holds a copy with the live build before the change (told through the feed, which may lag under load)
    await eventually(async () => expect(new Set(await storefrontBuilds(two))).toEqual(new Set([v1Id])));
    const started = await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/canary', { buildId: v2Id, percent: 50, version: 1 });
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toEqual({ version: 2, live: v1Id, canary: v2Id, percent: 50 });

    const first = await storefrontBuilds(one);
    const onCanary = first.filter((build) => build === v2Id).length;
    expect(onCanary).toBeGreaterThan(70);
    expect(onCanary).toBeLessThan(130);
    expect(first.filter((build) => build !== v1Id && build !== v2Id)).toEqual([]);
    expect(await storefrontBuilds(one)).toEqual(first);
    // the share is the same on every instance: the hash of the browser's key, not a draw
    await eventually(async () => expect(await storefrontBuilds(two)).toEqual(first));
    const canaryBrowser = browsers[first.indexOf(v2Id)]!;
    expect((await manifest(one, canaryBrowser)).remotes.mfe_storefront).toEqual({ url: `/remotes/mfe-storefront/${v2Id}/mf-manifest.json`, buildId: v2Id, canary: true });
    // without a key a browser gets the live build
    expect((liveManifestSchema.parse((await send(one, {}, 'GET', '/api/releases/manifest')).json().data)).remotes.mfe_storefront!.buildId).toBe(v1Id);
  });

  it('refuses a move made on a version someone else has since moved, and changes nothing', async () => {
    const stale = await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/promote', { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: 'Trạng thái phát hành vừa được người khác thay đổi. Vui lòng tải lại rồi thử lại.' });
    expect(await state('mfe_storefront')).toEqual({ version: 2, live: v1Id, canary: v2Id, percent: 50 });
    // the live build cannot be its own canary
    const self = await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/canary', { buildId: v1Id, percent: 10, version: 2 });
    expect(self.statusCode).toBe(422);
    const unknown = await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/canary', { buildId: '9.9.9-0123456789', percent: 10, version: 2 });
    expect(unknown.statusCode).toBe(404);
  });

  it('promotes the canary to every browser', async () => {
    const promoted = await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/promote', { version: 2 });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toEqual({ version: 3, live: v2Id, canary: null, percent: 0 });
    expect(new Set(await storefrontBuilds(one))).toEqual(new Set([v2Id]));
    await eventually(async () => expect(new Set(await storefrontBuilds(two))).toEqual(new Set([v2Id])));
  });

  it('rolls every browser back to the previous build, on the other instance too, and audits each move', async () => {
    const rolledBack = await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/rollback', { version: 3, note: 'Lỗi giỏ hàng trên Safari.' });
    expect(rolledBack.statusCode).toBe(200);
    expect(rolledBack.json().data).toEqual({ version: 4, live: v1Id, canary: null, percent: 0 });
    expect(new Set(await storefrontBuilds(one))).toEqual(new Set([v1Id]));
    await eventually(async () => expect(new Set(await storefrontBuilds(two))).toEqual(new Set([v1Id])));

    // nothing was live before 1.4.0
    const nothingBefore = await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/rollback', { version: 4 });
    expect(nothingBefore.statusCode).toBe(422);
    expect(nothingBefore.json().message).toBe('Chưa có bản chính thức nào trước đó để quay lại.');
    // a named build: back to 1.5.0
    const named = await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/rollback', { buildId: v2Id, version: 4 });
    expect(named.json().data).toEqual({ version: 5, live: v2Id, canary: null, percent: 0 });

    const overview = await overviewOf('mfe_storefront');
    expect(overview).toMatchObject({ version: 5, live: { buildId: v2Id, commit: '99aa88bb77' }, canary: null, canaryPercent: 0 });
    expect(overview.builds.map((build) => build.buildId)).toEqual([v2Id, v1Id]);
    const actor = { via: 'ADMIN', actor: { id: admin.id, name: 'Lê Quản Trị' }, tokenLabel: null };
    expect(overview.events.map(({ action, buildId, fromBuildId, percent, note, via, actor: who, tokenLabel }) => ({ action, buildId, fromBuildId, percent, note, via, actor: who, tokenLabel }))).toEqual([
      { action: 'ROLLBACK', buildId: v2Id, fromBuildId: v1Id, percent: null, note: null, ...actor },
      { action: 'ROLLBACK', buildId: v1Id, fromBuildId: v2Id, percent: null, note: 'Lỗi giỏ hàng trên Safari.', ...actor },
      { action: 'PROMOTE', buildId: v2Id, fromBuildId: v1Id, percent: null, note: null, ...actor },
      { action: 'CANARY', buildId: v2Id, fromBuildId: v1Id, percent: 50, note: null, ...actor },
      { action: 'PUBLISH', buildId: v2Id, fromBuildId: null, percent: null, note: null, ...actor },
      { action: 'PROMOTE', buildId: v1Id, fromBuildId: null, percent: null, note: 'Bản đầu tiên của ứng dụng: chạy chính thức ngay.', ...actor },
      { action: 'PUBLISH', buildId: v1Id, fromBuildId: null, percent: null, note: null, ...actor },
    ]);
  });

  it('stops a canary: every browser back on the live build', async () => {
    const v3 = storefrontInfo({ version: '1.6.0' });
    const v3Hash = contentHash('storefront 1.6.0');
    expect((await publish(v3, v3Hash)).statusCode).toBe(201);
    expect((await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/canary', { buildId: buildIdOf(v3, v3Hash), percent: 99, version: 5 })).statusCode).toBe(200);
    expect((await storefrontBuilds(one)).filter((build) => build === buildIdOf(v3, v3Hash)).length).toBeGreaterThan(180);
    const stopped = await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/canary/stop', { version: 6 });
    expect(stopped.json().data).toEqual({ version: 7, live: v2Id, canary: null, percent: 0 });
    expect(new Set(await storefrontBuilds(one))).toEqual(new Set([v2Id]));
    expect((await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/canary/stop', { version: 7 })).statusCode).toBe(422);
  });

  it('lets a release token move its own app only, and none once revoked', async () => {
    const created = await send(one, asAdmin, 'POST', '/api/admin/releases/tokens', { remote: 'mfe_account', label: 'CI tài khoản' });
    expect(created.statusCode).toBe(201);
    const { id, token } = created.json().data as { id: number; token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await scratch.db.selectFrom('release_tokens').select('token_hash').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    const asPipeline = { authorization: `Bearer ${token}` };

    const account = accountInfo();
    const accountHash = contentHash('account 2.0.0');
    const published = await publish(account, accountHash, asPipeline);
    expect(published.statusCode).toBe(201);
    expect(published.json().data.build).toMatchObject({ publishedVia: 'TOKEN', publishedBy: null, tokenLabel: 'CI tài khoản' });
    expect(await state('mfe_account', asPipeline)).toEqual({ version: 1, live: buildIdOf(account, accountHash), canary: null, percent: 0 });

    // the storefront is another team's
    for (const [method, url, payload] of [
      ['GET', '/api/releases/mfe_storefront/state', undefined],
      ['POST', '/api/releases/mfe_storefront/builds', publishBody(storefrontInfo({ version: '1.7.0' }), contentHash('storefront 1.7.0'))],
      ['POST', '/api/releases/mfe_storefront/canary', { buildId: v1Id, percent: 10, version: 7 }],
      ['POST', '/api/releases/mfe_storefront/promote', { version: 7 }],
      ['POST', '/api/releases/mfe_storefront/rollback', { version: 7 }],
      ['POST', '/api/releases/mfe_storefront/canary/stop', { version: 7 }],
    ] as const) {
      const refused = await send(one, asPipeline, method, url, payload);
      expect([url, refused.statusCode, refused.json().message]).toEqual([url, 403, 'Mã phát hành này chỉ dùng cho ứng dụng khác.']);
    }
    expect(await state('mfe_storefront')).toEqual({ version: 7, live: v2Id, canary: null, percent: 0 });
    // nor may it use the admin's routes
    expect((await send(one, asPipeline, 'GET', '/api/admin/releases')).statusCode).toBe(401);

    const revoked = await send(one, asAdmin, 'POST', `/api/admin/releases/tokens/${id}/revoke`);
    expect(revoked.json().data).toMatchObject({ id, remote: 'mfe_account', label: 'CI tài khoản', revokedAt: expect.any(String) });
    const afterRevoke = await send(one, asPipeline, 'GET', '/api/releases/mfe_account/state');
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json().message).toBe('Mã phát hành không hợp lệ hoặc đã bị thu hồi.');
    expect((await overviewOf('mfe_account')).tokens).toEqual([expect.objectContaining({ id, revokedAt: expect.any(String) })]);
  });

  it('lets no one else release: anonymous 401, another role 403, an unknown token 401', async () => {
    const customer = await createUser(scratch.db, 'customer');
    const manager = await createUser(scratch.db, 'manager');
    for (const [headers, status] of [
      [{}, 401],
      [await authHeader(one.app, customer), 403],
      [await authHeader(one.app, manager), 403],
      [{ authorization: `Bearer ${'x'.repeat(43)}` }, 401],
    ] as const) {
      expect((await send(one, headers, 'POST', '/api/releases/mfe_storefront/promote', { version: 7 })).statusCode).toBe(status);
      expect((await send(one, headers, 'GET', '/api/releases/mfe_storefront/state')).statusCode).toBe(status);
    }
    expect((await send(one, await authHeader(one.app, manager), 'POST', '/api/admin/releases/tokens', { remote: 'shell', label: 'x' })).statusCode).toBe(403);
  });

  it('answers the manifest from memory, the same for a browser ask after ask', async () => {
    // a canary again, so each answer depends on the browser
    const v4 = storefrontInfo({ version: '1.8.0' });
    const v4Hash = contentHash('storefront 1.8.0');
    await publish(v4, v4Hash);
    expect((await send(one, asAdmin, 'POST', '/api/releases/mfe_storefront/canary', { buildId: buildIdOf(v4, v4Hash), percent: 30, version: 7 })).statusCode).toBe(200);
    const expected = await Promise.all(browsers.slice(0, 20).map((browser) => manifest(one, browser)));
    for (let round = 0; round < 25; round += 1) {
      for (let index = 0; index < expected.length; index += 1) expect(await manifest(one, browsers[index]!)).toEqual(expected[index]);
    }
    expect(new Set(expected.map((answer) => Object.keys(answer.remotes).sort().join()))).toEqual(new Set(['mfe_account,mfe_storefront']));
  });
});
