import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReleaseInfo } from 'shared-contracts/schemas';
import { createDatabase } from '../../src/db/createDatabase';
import { accountInfo, backofficeInfo, buildIdOf, contentHash, publishBody, shellInfo, storefrontInfo } from '../modules/releases/releaseFixtures';
import { runCli } from './runCli';

const entry = (info: ReleaseInfo, label: string) => ({ app: info.app, ...publishBody(info, contentHash(label)) });

/** `npm start` pipes the working tree's builds into seed/currentBuildsCli.ts, on a temp SQLite file here. */
describe('the current builds CLI (seed/currentBuildsCli.ts)', () => {
  let folder: string;
  let env: Record<string, string>;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'ev-current-builds-'));
    env = { NODE_ENV: 'development', SQLITE_FILE: path.join(folder, 'releases.sqlite') };
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const shell = shellInfo();
  const builds = [entry(shell, 'shell'), entry(storefrontInfo(), 'storefront'), entry(accountInfo(), 'account'), entry(backofficeInfo(), 'backoffice')];

  it('makes each build live and says so, one line per app; the same builds again change nothing', async () => {
    const expected = [
      `shell: bản dựng ${buildIdOf(shell, contentHash('shell'))} đang chạy`,
      `mfe_storefront: bản dựng ${buildIdOf(storefrontInfo(), contentHash('storefront'))} đang chạy`,
      `mfe_account: bản dựng ${buildIdOf(accountInfo(), contentHash('account'))} đang chạy`,
      `mfe_backoffice: bản dựng ${buildIdOf(backofficeInfo(), contentHash('backoffice'))} đang chạy`,
    ];
    const first = await runCli('seed/currentBuildsCli.ts', [], env, JSON.stringify(builds));
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout.trim().split('\n')).toEqual(expected);

    const again = await runCli('seed/currentBuildsCli.ts', [], env, JSON.stringify(builds));
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout.trim().split('\n')).toEqual(expected);
    const db = createDatabase({ databaseUrl: null, sqliteFile: env.SQLITE_FILE! });
    try {
      const events = await db.selectFrom('release_events').select(['remote', 'action', 'actor_via']).orderBy('id').execute();
      expect(events).toHaveLength(8);
      expect(new Set(events.map((event) => event.actor_via))).toEqual(new Set(['SYSTEM']));
    } finally {
      await db.destroy();
    }
  }, 90_000);

  it('exits 1 with the gate’s reasons when a build is refused', async () => {
    const foreign = entry(storefrontInfo({ version: '1.9.0', routes: ['/', '/admin'] }), 'storefront 1.9.0');
    const run = await runCli('seed/currentBuildsCli.ts', [], env, JSON.stringify([builds[0], foreign]));
    expect(run.code).toBe(1);
    expect(run.stdout.trim()).toBe(`shell: bản dựng ${buildIdOf(shell, contentHash('shell'))} đang chạy`);
    expect(run.stderr).toContain(`mfe_storefront: bản dựng 1.9.0-${contentHash('storefront 1.9.0').slice(0, 10)} bị từ chối: Bản dựng không qua kiểm tra tương thích với shell và API đang chạy.`);
    expect(run.stderr).toContain('  - Bản dựng bỏ mất đường dẫn mà bảng đường dẫn của shell giao cho nó');
  }, 60_000);

  it('exits 1 on input that is not a list of builds, touching nothing', async () => {
    const notJson = await runCli('seed/currentBuildsCli.ts', [], env, 'shell');
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toContain('Đầu vào không phải JSON.');
    const unknownApp = await runCli('seed/currentBuildsCli.ts', [], env, JSON.stringify([{ ...builds[0], app: 'admin' }]));
    expect(unknownApp.code).toBe(1);
    expect(unknownApp.stderr).toContain('0.app: Ứng dụng phải là một trong: shell, mfe_storefront, mfe_account, mfe_backoffice.');
  }, 60_000);
});
