import { randomUUID } from 'node:crypto';
import { liveManifestSchema, releaseOverviewResponseSchema } from 'shared-contracts/schemas';
import { authHeader, createUser, startServiceApp, type ServiceApp } from '../../support/serviceTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { buildIdOf, contentHash, publishBody, shellInfo, storefrontInfo } from './releaseFixtures';

/**
 * Promoting a named build (decision 0070): POST /api/releases/:remote/promote with a buildId makes that published
 * build live at once for every browser, clearing a canary; it is audited as a PROMOTE from the build it replaced.
 */
describe.each(productionDatabase())('promoting a named build on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let service: ServiceApp;
  let asAdmin: Record<string, string>;
  const browsers = Array.from({ length: 60 }, () => randomUUID());

  const builds = ['1.4.0', '1.5.0', '1.6.0'].map((version) => {
    const info = storefrontInfo({ version });
    const hash = contentHash(`storefront ${version}`);
    return { info, hash, id: buildIdOf(info, hash) };
  });
  const [v1, v2, v3] = builds as [(typeof builds)[number], (typeof builds)[number], (typeof builds)[number]];

  beforeAll(async () => {
    service = await startServiceApp(scratch.db, { configOverrides: { databaseUrl: scratch.config.databaseUrl, sqliteFile: scratch.config.sqliteFile } });
    asAdmin = await authHeader(service.app, await createUser(scratch.db, 'admin', 'Lê Quản Trị'));
    const shell = shellInfo();
    expect((await post('/api/releases/shell/builds', publishBody(shell, contentHash('shell 1.0.0')))).statusCode).toBe(201);
    for (const build of builds) expect((await post('/api/releases/mfe_storefront/builds', publishBody(build.info, build.hash))).statusCode).toBe(201);
  });
  afterAll(async () => {
    await service.close();
  });

  const post = (url: string, payload: object) => service.app.inject({ method: 'POST', url, headers: asAdmin, payload });
  const storefrontBuilds = async () =>
    new Set(
      await Promise.all(
        browsers.map(async (browser) => liveManifestSchema.parse((await service.app.inject({ method: 'GET', url: `/api/releases/manifest?browser=${browser}` })).json().data).remotes.mfe_storefront!.buildId),
      ),
    );

  it('makes the named build live for every browser at once, clearing the canary, and audits it', async () => {
    expect((await post('/api/releases/mfe_storefront/canary', { buildId: v2.id, percent: 50, version: 1 })).statusCode).toBe(200);
    expect(await storefrontBuilds()).toEqual(new Set([v1.id, v2.id]));

    const promoted = await post('/api/releases/mfe_storefront/promote', { buildId: v3.id, version: 2, note: 'Sửa lỗi thanh toán gấp.' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ message: 'Đã đưa bản dựng lên chính thức.', data: { version: 3, live: v3.id, canary: null, percent: 0 } });
    expect(await storefrontBuilds()).toEqual(new Set([v3.id]));

    const overview = releaseOverviewResponseSchema.parse((await service.app.inject({ method: 'GET', url: '/api/admin/releases', headers: asAdmin })).json()).data.apps.find((app) => app.app === 'mfe_storefront')!;
    expect(overview.events[0]).toMatchObject({ action: 'PROMOTE', buildId: v3.id, fromBuildId: v1.id, via: 'ADMIN', note: 'Sửa lỗi thanh toán gấp.' });
  });

  it('refuses the live build (422), a build never published (404) and, without a name, a missing canary (422)', async () => {
    const live = await post('/api/releases/mfe_storefront/promote', { buildId: v3.id, version: 3 });
    expect(live.statusCode).toBe(422);
    expect(live.json()).toMatchObject({ message: 'Bản dựng này đang chạy chính thức.', errors: [{ field: 'buildId' }] });
    const unknown = await post('/api/releases/mfe_storefront/promote', { buildId: '9.9.9-0123456789', version: 3 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Không tìm thấy bản dựng 9.9.9-0123456789 của ứng dụng này.');
    const noCanary = await post('/api/releases/mfe_storefront/promote', { version: 3 });
    expect(noCanary.statusCode).toBe(422);
    expect(noCanary.json().message).toBe('Không có bản thử nghiệm nào đang chạy.');
    // a badly formed build id never reaches the registry
    expect((await post('/api/releases/mfe_storefront/promote', { buildId: 'latest', version: 3 })).statusCode).toBe(400);
    expect(await storefrontBuilds()).toEqual(new Set([v3.id]));
  });

  it('goes back to an older published build by name too, each move on the version read', async () => {
    const stale = await post('/api/releases/mfe_storefront/promote', { buildId: v1.id, version: 2 });
    expect(stale.statusCode).toBe(409);
    const back = await post('/api/releases/mfe_storefront/promote', { buildId: v1.id, version: 3 });
    expect(back.json().data).toEqual({ version: 4, live: v1.id, canary: null, percent: 0 });
    expect(await storefrontBuilds()).toEqual(new Set([v1.id]));
  });
});
