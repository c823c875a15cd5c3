import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../../src/config';
import { createDatabase } from '../../src/db/createDatabase';
import { migrateToLatest } from '../../src/db/migrate';
import type { Dialect } from '../../src/db/portable';
import type { Database } from '../../src/db/schema';
import { seed } from '../../seed';
import {
  databaseUrlOf,
  DEMO_HISTORY_NOW,
  POSTGRES_DEMO_TEMPLATE_ENV,
  POSTGRES_SEEDED_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
  RUN_TAG_ENV,
  SCRATCH_PREFIX,
  SEEDED_DAY_ENV,
  SQLITE_DEMO_TEMPLATE_ENV,
  SQLITE_SEEDED_TEMPLATE_ENV,
  SQLITE_TEMPLATE_ENV,
  vietnamDayOf,
  withAdmin,
} from './testTemplates';

export { DEMO_HISTORY_NOW } from './testTemplates';

/**
 * The databases every API suite runs against: SQLite always (a temp file per suite), PostgreSQL too when
 * TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test). For PostgreSQL each suite gets a
 * scratch database `ev_test_<run>_<random>`, created through that URL and dropped afterwards, so runs never see
 * each other's data.
 *
 *   describe.each(testDatabases())('on $label', (target) => {
 *     const scratch = useScratchDatabase(target, { migrate: true });
 *     it('...', async () => { scratch.db ... });
 *   });
 */
export interface TestDatabaseTarget {
  dialect: Dialect;
  label: string;
  /** Creates an empty database of this kind. */
  create(): Promise<ScratchDatabase>;
  /**
   * Creates a database with every migration applied: a copy of the run's migrated template (testTemplates.ts)
   * when the run made one, else an empty database migrated here.
   */
  createMigrated(): Promise<ScratchDatabase>;
  /**
   * Creates a migrated database with the demo data as seeded at the run's start: a copy of the run's seeded template
   * when the run made one on Vietnam's current day (testTemplates.ts), else a migrated database seeded here.
   */
  createSeeded(): Promise<ScratchDatabase>;
  /**
   * Creates a database with the demo data and its history at DEMO_HISTORY_NOW: a copy of the run's demo-history
   * template when the run made one (testTemplates.ts), else a migrated database seeded here.
   */
  createDemoHistory(): Promise<ScratchDatabase>;
}

export interface ScratchDatabase {
  dialect: Dialect;
  config: DatabaseConfig;
  /** The suite's main connection (destroyed by drop()). */
  db: Kysely<Database>;
  /** A further, independent Kysely onto the same database (the caller destroys it). */
  connect(): Kysely<Database>;
  /**
   * Destroys the connections and deletes the database. PostgreSQL's drop is only started (on PostgreSQL 15 each
   * DROP DATABASE waits for a checkpoint, about a second): the suite goes on meanwhile; globalTeardown drops what is left.
   */
  drop(): Promise<void>;
}

function randomName(): string {
  const run = process.env[RUN_TAG_ENV];
  return `${SCRATCH_PREFIX}${run ? `${run}_` : ''}${randomBytes(6).toString('hex')}`;
}

/** Starts dropping `name` (connections closed first); a failure is only reported: globalTeardown sweeps the run's leftovers. */
function startDropping(adminUrl: string, name: string): void {
  withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).catch((error: unknown) => {
    console.warn(`dropping the scratch database ${name} failed (globalTeardown tries again): ${String(error)}`);
  });
}

async function migrated(scratch: ScratchDatabase): Promise<ScratchDatabase> {
  await migrateToLatest(scratch.db);
  return scratch;
}

async function seeded(scratch: ScratchDatabase): Promise<ScratchDatabase> {
  await seed(scratch.db);
  return scratch;
}

/** The run's seeded template named by `env`, while Vietnam's day is still the one it was seeded on. */
function seededTemplate(env: string): string | undefined {
  return process.env[SEEDED_DAY_ENV] === vietnamDayOf(new Date()) ? process.env[env] : undefined;
}

async function demoHistorySeeded(scratch: ScratchDatabase): Promise<ScratchDatabase> {
  await seed(scratch.db, { demoHistory: true, now: new Date(DEMO_HISTORY_NOW) });
  return scratch;
}

function sqliteDatabase(templateFile?: string): ScratchDatabase {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-api-test-'));
  const config: DatabaseConfig = { databaseUrl: null, sqliteFile: path.join(folder, `${randomName()}.sqlite`) };
  if (templateFile) copyFileSync(templateFile, config.sqliteFile);
  const db = createDatabase(config);
  return {
    dialect: 'sqlite',
    config,
    db,
    connect: () => createDatabase(config),
    async drop() {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const sqliteTarget: TestDatabaseTarget = {
  dialect: 'sqlite',
  label: 'SQLite',
  async create() {
    return sqliteDatabase();
  },
  async createMigrated() {
    const templateFile = process.env[SQLITE_TEMPLATE_ENV];
    return templateFile ? sqliteDatabase(templateFile) : migrated(sqliteDatabase());
  },
  async createSeeded() {
    const templateFile = seededTemplate(SQLITE_SEEDED_TEMPLATE_ENV);
    return templateFile ? sqliteDatabase(templateFile) : seeded(await this.createMigrated());
  },
  async createDemoHistory() {
    const templateFile = process.env[SQLITE_DEMO_TEMPLATE_ENV];
    return templateFile ? sqliteDatabase(templateFile) : demoHistorySeeded(await this.createMigrated());
  },
};

function postgresTarget(adminUrl: string): TestDatabaseTarget {
  /** A new database, empty or a copy of `template` (a database nobody is connected to). */
  async function postgresDatabase(template?: string): Promise<ScratchDatabase> {
    const name = randomName();
    await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
    const config: DatabaseConfig = { databaseUrl: databaseUrlOf(adminUrl, name), sqliteFile: ':memory:' };
    const db = createDatabase(config, { poolSize: 4 });
    return {
      dialect: 'postgres',
      config,
      db,
      connect: () => createDatabase(config, { poolSize: 2 }),
      async drop() {
        await db.destroy();
        startDropping(adminUrl, name);
      },
    };
  }
  return {
    dialect: 'postgres',
    label: 'PostgreSQL',
    create: () => postgresDatabase(),
    async createMigrated() {
      const template = process.env[POSTGRES_TEMPLATE_ENV];
      return template ? postgresDatabase(template) : migrated(await postgresDatabase());
    },
    async createSeeded() {
      const template = seededTemplate(POSTGRES_SEEDED_TEMPLATE_ENV);
      return template ? postgresDatabase(template) : seeded(await this.createMigrated());
    },
    async createDemoHistory() {
      const template = process.env[POSTGRES_DEMO_TEMPLATE_ENV];
      return template ? postgresDatabase(template) : demoHistorySeeded(await this.createMigrated());
    },
  };
}

/**
 * SQLite, plus PostgreSQL when TEST_DATABASE_URL is set: for a suite whose subject is the database itself (its
 * statements, their counts and plans, transactions, locks and concurrent requests, migrations, dates computed in SQL,
 * what another connection or instance reads), which each kind must pass on its own.
 */
export function testDatabases(): TestDatabaseTarget[] {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? [sqliteTarget, postgresTarget(url)] : [sqliteTarget];
}

/**
 * The database production runs on, PostgreSQL, when TEST_DATABASE_URL is set; SQLite otherwise: for a suite whose
 * subject is the API's behaviour (its routes, roles, messages and answers) through SQL the suites on testDatabases()
 * already cover on both kinds (decision 0082). The browser suite runs the whole site on SQLite.
 */
export function productionDatabase(): TestDatabaseTarget[] {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? [postgresTarget(url)] : [sqliteTarget];
}

/**
 * SQLite alone, for a suite whose subject is not the database (Redis down, the site's proxy, an image's bounds before
 * decoding, the API's docs, the shared object storage): its behaviour is the same on either kind, so it is not run twice.
 */
export function oneDatabase(): TestDatabaseTarget[] {
  return [sqliteTarget];
}

export interface ScratchOptions {
  /** Apply every migration first (default true). */
  migrate?: boolean;
  /**
   * Load the demo data after migrating (default false); 'atRunStart': the demo data as the run seeded it at its
   * start (TestDatabaseTarget.createSeeded), for a suite on a fixed clock of its own: the demo's today is laid
   * relative to the minute it was seeded, which a suite on the wall clock would see move; 'demoHistory': with its
   * history at DEMO_HISTORY_NOW (TestDatabaseTarget.createDemoHistory).
   */
  seed?: boolean | 'atRunStart' | 'demoHistory';
}

/** A seeding of the demo history, where the run made no template: up to 15 s on PostgreSQL on a 2-core machine. */
const DEMO_HISTORY_TIMEOUT_MS = 120_000;

/**
 * Registers beforeAll/afterAll that create (and migrate / seed) a scratch database for the surrounding
 * describe block and drop it afterwards. Read its fields inside tests or hooks only.
 */
export function useScratchDatabase(target: TestDatabaseTarget, options: ScratchOptions = {}): ScratchDatabase {
  let scratch: ScratchDatabase | null = null;
  const current = (): ScratchDatabase => {
    if (!scratch) throw new Error('the scratch database exists only inside tests and hooks');
    return scratch;
  };
  beforeAll(
    async () => {
      if (options.seed === 'demoHistory') {
        scratch = await target.createDemoHistory();
        return;
      }
      if (options.seed === 'atRunStart') {
        scratch = await target.createSeeded();
        return;
      }
      scratch = (options.migrate ?? true) ? await target.createMigrated() : await target.create();
      if (options.seed) await seed(scratch.db);
    },
    options.seed === 'demoHistory' ? DEMO_HISTORY_TIMEOUT_MS : undefined,
  );
  afterAll(async () => {
    await scratch?.drop();
    scratch = null;
  });
  return {
    get dialect() {
      return target.dialect;
    },
    get config() {
      return current().config;
    },
    get db() {
      return current().db;
    },
    connect: () => current().connect(),
    drop: () => current().drop(),
  };
}
