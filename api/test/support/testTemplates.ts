import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/**
 * One migrated database per test run and database kind, made before the suites start (Jest's globalSetup) and
 * copied by every suite that wants a migrated scratch database (testDatabases.ts): a file copy on SQLite,
 * `create database … template` on PostgreSQL, instead of running every migration again in every suite.
 * The migrations run in child processes (tsx, shared-contracts from its sources; both kinds at once): globalSetup has no
 * module mapper.
 */
export const SQLITE_TEMPLATE_ENV = 'EV_TEST_SQLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'EV_TEST_POSTGRES_TEMPLATE';
/** In a whole run, also a copy of the migrated template seeded with the demo history at DEMO_HISTORY_NOW. */
export const SQLITE_DEMO_TEMPLATE_ENV = 'EV_TEST_SQLITE_DEMO_TEMPLATE';
export const POSTGRES_DEMO_TEMPLATE_ENV = 'EV_TEST_POSTGRES_DEMO_TEMPLATE';
/**
 * Also a copy seeded with the demo data at the run's start, for the suites on a fixed clock of their own (the floor
 * kit's, about 75 files), with Vietnam's calendar day of that seeding: a later day's suites seed their own.
 */
export const SQLITE_SEEDED_TEMPLATE_ENV = 'EV_TEST_SQLITE_SEEDED_TEMPLATE';
export const POSTGRES_SEEDED_TEMPLATE_ENV = 'EV_TEST_POSTGRES_SEEDED_TEMPLATE';
export const SEEDED_DAY_ENV = 'EV_TEST_SEEDED_DAY';
/** The fixed clock of the suites that check the demo history (the same rows and fits on every run and database). */
export const DEMO_HISTORY_NOW = '2026-11-19T01:00:00.000Z';

const TEMPLATE_PREFIX = 'ev_tpl_';
/** Scratch databases are named `ev_test_<run>_<random>` (testDatabases.ts), `<run>` the process id of the run's Jest. */
export const SCRATCH_PREFIX = 'ev_test_';
/** The run's tag in the names of its PostgreSQL databases: set by globalSetup, read by the workers. */
export const RUN_TAG_ENV = 'EV_TEST_RUN_TAG';

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

/**
 * Templates and scratch databases left by runs that were killed (their process is gone) are dropped; running ones
 * are left alone. A scratch database of another tag's form (a suite's own `ev_test_<random>`) is not this sweep's.
 */
async function dropAbandonedPostgresDatabases(admin: Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like '${TEMPLATE_PREFIX}%' or datname ~ '^${SCRATCH_PREFIX}[0-9]+_'`,
  );
  for (const { datname } of rows) {
    const prefix = datname.startsWith(TEMPLATE_PREFIX) ? TEMPLATE_PREFIX : SCRATCH_PREFIX;
    const pid = Number(datname.slice(prefix.length).split('_')[0]);
    if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) await admin.query(`drop database if exists ${datname} with (force)`);
  }
}

type TemplateTarget = { sqliteFile: string } | { databaseUrl: string };

/** A Node process in api/ under tsx, shared-contracts from its sources. */
function spawnUnderTsx(args: string[], stdio: StdioOptions): ChildProcess {
  return spawn(process.execPath, ['--conditions=ev-source', '--import', 'tsx', ...args], { cwd: path.join(__dirname, '..', '..'), stdio });
}

/** Runs one step of templateChild.ts (tsx) on the database `target` in a child process, resolved when it exits. */
function runInChild(step: 'migrate' | 'seed' | 'demoHistory', target: TemplateTarget, what: string): Promise<void> {
  const child = spawnUnderTsx([path.join(__dirname, 'templateChild.ts'), JSON.stringify(target), step], ['ignore', 'pipe', 'pipe']);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed:\n${output}`))));
  });
}

/** Applies every migration in a child process. */
const migrateInChild = (target: TemplateTarget) => runInChild('migrate', target, 'migrating the test template');

/** Seeds the demo data (at the wall clock's time) in a child process. */
const seedInChild = (target: TemplateTarget) => runInChild('seed', target, 'seeding the demo template');

/** Seeds the demo data with its history at DEMO_HISTORY_NOW in a child process. */
const seedDemoHistoryInChild = (target: TemplateTarget) => runInChild('demoHistory', target, 'seeding the demo-history template');

/**
 * A whole run (no path pattern given to Jest) makes the demo-history templates: six suites then copy them instead of
 * seeding the history themselves (about 5 s on SQLite and 14 on PostgreSQL a seeding); a run of a few files does not
 * wait for them. EV_TEST_DEMO_TEMPLATE=1 / 0 decides instead.
 */
function wantsDemoTemplates(globalConfig: unknown): boolean {
  const chosen = process.env.EV_TEST_DEMO_TEMPLATE?.trim();
  if (chosen) return chosen === '1';
  const patterns = (globalConfig as { testPathPatterns?: { isSet?: () => boolean } | string[] } | undefined)?.testPathPatterns;
  if (Array.isArray(patterns)) return patterns.length === 0;
  return typeof patterns?.isSet === 'function' ? !patterns.isSet() : false;
}

/** `adminUrl` pointed at the database `name` on the same server. */
export function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Vietnam's calendar day of `at` (yyyy-mm-dd). */
export function vietnamDayOf(at: Date): string {
  return at.toLocaleDateString('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' });
}

/** Both kinds' templates at once (each migration and seeding is a child process of its own, mostly waiting on its database). */
export async function makeTestTemplates(globalConfig?: unknown): Promise<void> {
  const demo = wantsDemoTemplates(globalConfig);
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  process.env[SEEDED_DAY_ENV] = vietnamDayOf(new Date());
  await Promise.all([makeSqliteTemplates(demo), adminUrl ? makePostgresTemplates(adminUrl, demo) : undefined, warmTsxCache()]);
}

/**
 * Loads the app and the seed once under tsx beside the templates, so that tsx's transform cache holds them before the
 * suites start their processes (a CLI, a crash child, an API): on a fresh clone the first of them would each
 * transform the whole graph. Resolved whatever the child's fate: a child that cannot load fails in its own suite.
 */
function warmTsxCache(): Promise<void> {
  const child = spawnUnderTsx(['-e', "require('./src/app'); require('./seed');"], 'ignore');
  return new Promise((resolve) => {
    child.on('error', () => resolve());
    child.on('close', () => resolve());
  });
}

async function makeSqliteTemplates(demo: boolean): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-api-template-'));
  const sqliteFile = path.join(folder, 'migrated.sqlite');
  await migrateInChild({ sqliteFile });
  process.env[SQLITE_TEMPLATE_ENV] = sqliteFile;
  const seededFile = path.join(folder, 'seeded.sqlite');
  copyFileSync(sqliteFile, seededFile);
  const seeding = seedInChild({ sqliteFile: seededFile }).then(() => {
    process.env[SQLITE_SEEDED_TEMPLATE_ENV] = seededFile;
  });
  if (demo) {
    const demoFile = path.join(folder, 'demo-history.sqlite');
    copyFileSync(sqliteFile, demoFile);
    await seedDemoHistoryInChild({ sqliteFile: demoFile });
    process.env[SQLITE_DEMO_TEMPLATE_ENV] = demoFile;
  }
  await seeding;
}

async function makePostgresTemplates(adminUrl: string, demo: boolean): Promise<void> {
  const name = `${TEMPLATE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, async (admin) => {
    await dropAbandonedPostgresDatabases(admin);
    await admin.query(`create database ${name}`);
  });
  await migrateInChild({ databaseUrl: databaseUrlOf(adminUrl, name) });
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  process.env[RUN_TAG_ENV] = String(process.pid);
  // Both copies are made before either is seeded: a template is copied only while nobody is connected to it.
  const seededName = `${name}_seeded`;
  const demoName = `${name}_demo`;
  await withAdmin(adminUrl, async (admin) => {
    await admin.query(`create database ${seededName} template ${name}`);
    if (demo) await admin.query(`create database ${demoName} template ${name}`);
  });
  process.env[POSTGRES_SEEDED_TEMPLATE_ENV] = seededName;
  const seeding = seedInChild({ databaseUrl: databaseUrlOf(adminUrl, seededName) });
  if (demo) {
    process.env[POSTGRES_DEMO_TEMPLATE_ENV] = demoName;
    await seedDemoHistoryInChild({ databaseUrl: databaseUrlOf(adminUrl, demoName) });
  }
  await seeding;
}

export async function dropTestTemplates(): Promise<void> {
  const sqliteFile = process.env[SQLITE_TEMPLATE_ENV];
  if (sqliteFile) rmSync(path.dirname(sqliteFile), { recursive: true, force: true });
  const name = process.env[POSTGRES_TEMPLATE_ENV];
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!name || !adminUrl) return;
  await withAdmin(adminUrl, async (admin) => {
    // The suites' scratch databases whose drop had not finished when their worker ended (testDatabases.ts).
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [
      `${SCRATCH_PREFIX}${process.env[RUN_TAG_ENV]}_`,
    ]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    for (const copy of [process.env[POSTGRES_DEMO_TEMPLATE_ENV], process.env[POSTGRES_SEEDED_TEMPLATE_ENV]]) {
      if (copy) await admin.query(`drop database if exists ${copy} with (force)`);
    }
    await admin.query(`drop database if exists ${name} with (force)`);
  });
}
