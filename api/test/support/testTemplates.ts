import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/**
 * One migrated database per test run and database kind, made before the suites start (Jest's globalSetup) and
 * copied by every suite that wants a migrated scratch database (testDatabases.ts): a file copy on SQLite,
 * `create database … template` on PostgreSQL, instead of running every migration again in every suite.
 * The migrations run in a child process (tsx, shared-contracts from its sources): globalSetup has no module mapper.
 */
export const SQLITE_TEMPLATE_ENV = 'EV_TEST_SQLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'EV_TEST_POSTGRES_TEMPLATE';

const TEMPLATE_PREFIX = 'ev_tpl_';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs `work` on a connection to the server of `adminUrl`, closed afterwards. */
export async function withAdmin<T>(adminUrl: string, work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Templates left by runs that were killed (their process is gone) are dropped; running ones are left alone. */
async function dropAbandonedPostgresTemplates(admin: Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`);
  for (const { datname } of rows) {
    const pid = Number(datname.slice(TEMPLATE_PREFIX.length).split('_')[0]);
    if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) await admin.query(`drop database if exists ${datname} with (force)`);
  }
}

function migrateInChild(target: { sqliteFile: string } | { databaseUrl: string }): void {
  const script = path.join(__dirname, 'migrateTemplate.ts');
  const child = spawnSync(process.execPath, ['--conditions=ev-source', '--import', 'tsx', script, JSON.stringify(target)], {
    cwd: path.join(__dirname, '..', '..'),
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`migrating the test template failed:\n${child.stdout}\n${child.stderr}`);
}

/** `adminUrl` pointed at the database `name` on the same server. */
export function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function makeTestTemplates(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-api-template-'));
  const sqliteFile = path.join(folder, 'migrated.sqlite');
  migrateInChild({ sqliteFile });
  process.env[SQLITE_TEMPLATE_ENV] = sqliteFile;

  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!adminUrl) return;
  const name = `${TEMPLATE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, async (admin) => {
    await dropAbandonedPostgresTemplates(admin);
    await admin.query(`create database ${name}`);
  });
  migrateInChild({ databaseUrl: databaseUrlOf(adminUrl, name) });
  process.env[POSTGRES_TEMPLATE_ENV] = name;
}

export async function dropTestTemplates(): Promise<void> {
  const sqliteFile = process.env[SQLITE_TEMPLATE_ENV];
  if (sqliteFile) rmSync(path.dirname(sqliteFile), { recursive: true, force: true });
  const name = process.env[POSTGRES_TEMPLATE_ENV];
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  if (name && adminUrl) await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}
