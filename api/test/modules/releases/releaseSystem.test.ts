import { createReleaseRegistry, type ReleaseRegistry } from '../../../src/modules/releases';
import { systemActor } from '../../../src/modules/releases/releaseActor';
import { releaseOverview } from '../../../src/modules/releases/releaseViews';
import { manualClock } from '../../../src/security/clock';
import { testConfig } from '../../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { buildIdOf, contentHash, publishBody, shellInfo, storefrontInfo } from './releaseFixtures';

const silentLog = { warn: () => undefined, error: () => undefined };

/** The registry as code in the API's process uses it, with the system as the actor (never reachable from HTTP). */
describe.each(productionDatabase())('the system as a releaser on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let registry: ReleaseRegistry;
  const starter = systemActor('Khởi động (npm start)');

  beforeAll(() => {
    const config = testConfig({ databaseUrl: scratch.config.databaseUrl, sqliteFile: scratch.config.sqliteFile });
    registry = createReleaseRegistry({ db: scratch.db, clock: manualClock('2026-11-19T01:00:00.000Z'), config, log: silentLog });
  });
  afterAll(async () => {
    await registry.close();
  });

  const overviewOf = async (app: string) => (await releaseOverview(scratch.db)).find((entry) => entry.app === app)!;

  it('publishes and moves any app, and the builds and the audit say it was the system, with its label', async () => {
    const shell = shellInfo();
    const shellHash = contentHash('shell 1.0.0');
    expect((await registry.publishBuild(starter, 'shell', publishBody(shell, shellHash))).state.live).toBe(buildIdOf(shell, shellHash));
    const v1 = storefrontInfo({ version: '1.4.0' });
    const v2 = storefrontInfo({ version: '1.5.0' });
    await registry.publishBuild(starter, 'mfe_storefront', publishBody(v1, contentHash('1.4.0')));
    await registry.publishBuild(starter, 'mfe_storefront', publishBody(v2, contentHash('1.5.0')));
    const v2Id = buildIdOf(v2, contentHash('1.5.0'));
    await registry.startCanary(starter, 'mfe_storefront', { buildId: v2Id, percent: 20, version: 1 });
    await registry.stopCanary(systemActor('Tự động dừng canary'), 'mfe_storefront', { version: 2, note: 'Tự động dừng: tỉ lệ lỗi cao.' });

    const storefront = await overviewOf('mfe_storefront');
    expect(storefront.builds.map(({ publishedVia, publishedBy, tokenLabel }) => ({ publishedVia, publishedBy, tokenLabel }))).toEqual([
      { publishedVia: 'SYSTEM', publishedBy: null, tokenLabel: 'Khởi động (npm start)' },
      { publishedVia: 'SYSTEM', publishedBy: null, tokenLabel: 'Khởi động (npm start)' },
    ]);
    expect(storefront.events.map(({ action, via, actor, tokenLabel, note }) => ({ action, via, actor, tokenLabel, note }))[0]).toEqual({
      action: 'CANARY_STOP',
      via: 'SYSTEM',
      actor: null,
      tokenLabel: 'Tự động dừng canary',
      note: 'Tự động dừng: tỉ lệ lỗi cao.',
    });
    expect(new Set(storefront.events.map((event) => event.via))).toEqual(new Set(['SYSTEM']));
    expect((await overviewOf('shell')).live).toMatchObject({ publishedVia: 'SYSTEM', tokenLabel: 'Khởi động (npm start)' });
  });
});
