import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countRows } from '../../src/db/portable';
import { createDatabase } from '../../src/db/createDatabase';
import { runCli } from './runCli';

/** The seed CLI as docker-compose and `npm start` run it, on a temp SQLite file. */
describe('seed CLI (seed/cli.ts) and production', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'ev-seed-cli-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses the demo data in production: exits non-zero, says why, touches no database', async () => {
    const file = path.join(folder, 'refused.sqlite');
    const run = await runCli('seed/cli.ts', [], { NODE_ENV: 'production', SEED_DEMO: '1', SQLITE_FILE: file });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('SEED_DEMO');
    expect(run.stderr).toContain('NODE_ENV=production');
    expect(existsSync(file)).toBe(false);
    // --demo (what `npm run seed` passes) is refused the same way.
    expect((await runCli('seed/cli.ts', ['--demo'], { NODE_ENV: 'production', SQLITE_FILE: file })).code).not.toBe(0);
    expect(existsSync(file)).toBe(false);
  }, 60_000);

  it('writes the reference data only in production without SEED_DEMO: centres and services, no user, no email', async () => {
    const file = path.join(folder, 'production.sqlite');
    const run = await runCli('seed/cli.ts', [], { NODE_ENV: 'production', SQLITE_FILE: file });
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toContain('admin:create');
    const db = createDatabase({ databaseUrl: null, sqliteFile: file });
    try {
      expect(await countRows(db, 'service_centres')).toBeGreaterThan(0);
      expect(await countRows(db, 'services')).toBeGreaterThan(0);
      expect(await countRows(db, 'users')).toBe(0);
      expect(await countRows(db, 'vehicles')).toBe(0);
      expect(await countRows(db, 'notification_deliveries')).toBe(0);
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it('loads the demo accounts with SEED_DEMO=1 outside production (npm start)', async () => {
    const file = path.join(folder, 'development.sqlite');
    const run = await runCli('seed/cli.ts', [], { NODE_ENV: 'development', SEED_DEMO: '1', SEED_DEMO_HISTORY: '0', SQLITE_FILE: file });
    expect(run).toMatchObject({ code: 0 });
    const db = createDatabase({ databaseUrl: null, sqliteFile: file });
    try {
      expect(await db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).not.toHaveLength(0);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
