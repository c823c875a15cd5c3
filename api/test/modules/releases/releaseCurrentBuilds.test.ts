import type { CurrentBuild, ReleaseInfo } from 'shared-contracts/schemas';
import { countRows } from '../../../src/db/portable';
import { createReleaseRegistry, makeCurrentBuildsLive, type ReleaseRegistry } from '../../../src/modules/releases';
import { releaseOverview } from '../../../src/modules/releases/releaseViews';
import { manualClock } from '../../../src/security/clock';
import { testConfig } from '../../support/authTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { accountInfo, backofficeInfo, buildIdOf, contentHash, publishBody, SHARED, shellInfo, storefrontInfo } from './releaseFixtures';

const silentLog = { warn: () => undefined, error: () => undefined };

const entry = (info: ReleaseInfo, label: string): CurrentBuild => ({ app: info.app, ...publishBody(info, contentHash(label)) });
const idOf = (current: CurrentBuild) => buildIdOf(current.releaseInfo, current.contentHash);

/**
 * `npm start` makes the working tree's builds live (api/seed/currentBuildsCli.ts → makeCurrentBuildsLive): the first
 * run publishes and makes live the shell and the three remotes; the same builds again write nothing; a new build of
 * one remote becomes live by name while the old one stays published; a build the gate refuses stops the run.
 */
describe.each(testDatabases())('making the current builds live on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let registry: ReleaseRegistry;

  const shell = entry(shellInfo(), 'shell 1.0.0');
  const storefront = entry(storefrontInfo({ version: '1.4.0' }), 'storefront 1.4.0');
  const account = entry(accountInfo(), 'account 2.0.0');
  const backoffice = entry(backofficeInfo(), 'backoffice 3.0.0');

  beforeAll(() => {
    const config = testConfig({ databaseUrl: scratch.config.databaseUrl, sqliteFile: scratch.config.sqliteFile });
    registry = createReleaseRegistry({ db: scratch.db, clock: manualClock('2026-11-19T01:00:00.000Z'), config, log: silentLog });
  });
  afterAll(async () => {
    await registry.close();
  });

  const lives = async () => Object.fromEntries((await releaseOverview(scratch.db)).map((app) => [app.app, app.live?.buildId ?? null]));
  const written = async () => ({ builds: await countRows(scratch.db, 'remote_builds'), events: await countRows(scratch.db, 'release_events') });

  it('publishes the shell and every remote and makes each live, the shell first', async () => {
    const outcome = await makeCurrentBuildsLive(registry, [shell, storefront, account, backoffice]);
    expect(outcome).toEqual({
      live: [
        { app: 'shell', buildId: idOf(shell), published: true, promoted: false },
        { app: 'mfe_storefront', buildId: idOf(storefront), published: true, promoted: false },
        { app: 'mfe_account', buildId: idOf(account), published: true, promoted: false },
        { app: 'mfe_backoffice', buildId: idOf(backoffice), published: true, promoted: false },
      ],
      refused: null,
    });
    expect(await lives()).toEqual({ shell: idOf(shell), mfe_storefront: idOf(storefront), mfe_account: idOf(account), mfe_backoffice: idOf(backoffice) });
    const [, storefrontOverview] = await releaseOverview(scratch.db);
    expect(storefrontOverview!.events.map(({ action, via, tokenLabel }) => ({ action, via, tokenLabel }))).toEqual([
      { action: 'PROMOTE', via: 'SYSTEM', tokenLabel: 'Khởi động (npm start)' },
      { action: 'PUBLISH', via: 'SYSTEM', tokenLabel: 'Khởi động (npm start)' },
    ]);
  });

  it('writes nothing when run again with the same builds', async () => {
    const before = await written();
    const outcome = await makeCurrentBuildsLive(registry, [shell, storefront, account, backoffice]);
    expect(outcome.live.map(({ published, promoted }) => ({ published, promoted }))).toEqual(Array(4).fill({ published: false, promoted: false }));
    expect(await written()).toEqual(before);
    expect((await registry.state({ via: 'SYSTEM', label: 'test' }, 'mfe_storefront')).version).toBe(1);
  });

  it('makes a new storefront build live by name, clearing a canary, and keeps the old one published', async () => {
    // an admin was trying another build meanwhile
    const tried = storefrontInfo({ version: '1.4.5' });
    await registry.publishBuild({ via: 'SYSTEM', label: 'test' }, 'mfe_storefront', publishBody(tried, contentHash('storefront 1.4.5')));
    await registry.startCanary({ via: 'SYSTEM', label: 'test' }, 'mfe_storefront', { buildId: buildIdOf(tried, contentHash('storefront 1.4.5')), percent: 20, version: 1 });

    const next = entry(storefrontInfo({ version: '1.5.0' }), 'storefront 1.5.0');
    const outcome = await makeCurrentBuildsLive(registry, [shell, next, account, backoffice]);
    expect(outcome.live[1]).toEqual({ app: 'mfe_storefront', buildId: idOf(next), published: true, promoted: true });
    expect(outcome.live.filter((build) => build.promoted || build.published)).toHaveLength(1);

    const [, overview] = await releaseOverview(scratch.db);
    expect(overview).toMatchObject({ live: { buildId: idOf(next) }, canary: null, canaryPercent: 0 });
    expect(overview!.builds.map((build) => build.buildId)).toEqual([idOf(next), buildIdOf(tried, contentHash('storefront 1.4.5')), idOf(storefront)]);
    expect(overview!.events[0]).toMatchObject({ action: 'PROMOTE', buildId: idOf(next), fromBuildId: idOf(storefront), via: 'SYSTEM' });
  });

  it('stops at a build the gate refuses, with its reasons, after making the ones before it live', async () => {
    const secondReact = entry(accountInfo({ version: '2.1.0', shared: { ...SHARED, react: { version: '18.3.1', requiredVersion: '^18.3.0' } } }), 'account 2.1.0');
    const newBackoffice = entry(backofficeInfo({ version: '3.1.0' }), 'backoffice 3.1.0');
    const before = await lives();
    const outcome = await makeCurrentBuildsLive(registry, [shell, secondReact, newBackoffice]);
    expect(outcome.live.map((build) => build.app)).toEqual(['shell']);
    expect(outcome.refused).toEqual({
      app: 'mfe_account',
      buildId: idOf(secondReact),
      message: 'Bản dựng không qua kiểm tra tương thích với shell và API đang chạy.',
      reasons: [expect.stringContaining('"react" 19.2.0, không thuộc dải ^18.3.0')],
    });
    // the back office's new build was not tried
    expect(await lives()).toEqual(before);
    expect((await releaseOverview(scratch.db)).find((app) => app.app === 'mfe_backoffice')!.builds).toHaveLength(1);
  });
});
