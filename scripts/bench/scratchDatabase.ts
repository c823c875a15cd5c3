import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where a bench's database lives: a SQLite file in a temporary folder, or a PostgreSQL database made for the run. */
export interface ScratchDatabase {
  /** null: SQLite at `sqliteFile` */
  databaseUrl: string | null;
  sqliteFile: string;
  /** Drops the PostgreSQL database (if any) and removes the folder. */
  remove(): Promise<void>;
}

/** BENCH_POSTGRES_URL: the server on which a scratch database is created (and dropped) for a PostgreSQL run. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database of `kind` ('sqlite' | 'postgres') named after the bench (`name`: letters and underscores). */
export async function scratchDatabase(kind: string, name: string, setting: string): Promise<ScratchDatabase> {
  const folder = mkdtempSync(path.join(tmpdir(), `ev-bench-${name}-`));
  const sqliteFile = path.join(folder, 'bench.sqlite');
  if (kind === 'sqlite') return { databaseUrl: null, sqliteFile, remove: async () => rmSync(folder, { recursive: true, force: true }) };
  if (kind !== 'postgres') throw new Error(`${setting}: unknown database ${kind}`);
  const { default: pg } = await import('pg');
  const scratch = `ev_bench_${name}_${process.pid}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE DATABASE ${scratch}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${scratch}`;
  return {
    databaseUrl: url.toString(),
    sqliteFile,
    remove: async () => {
      await onServer(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * The PostgreSQL database `url` names, dropped and created afresh for the run and dropped after; its name must start
 * with ev_bench_ (so no other database can be named by mistake). `setting` names the variable in the refusal.
 */
export async function freshDatabaseAt(url: string, setting: string): Promise<ScratchDatabase> {
  const name = new URL(url).pathname.slice(1);
  if (!/^ev_bench_\w+$/.test(name)) throw new Error(`${setting}: the database must be named ev_bench_… (it is dropped and created afresh), not ${name}`);
  const { default: pg } = await import('pg');
  const server = new URL(url);
  server.pathname = '/postgres';
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${name}`);
  return { databaseUrl: url, sqliteFile: '', remove: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * With several databases named in `setting` (BENCH_…_DATABASES=sqlite,postgres), runs this bench script once per
 * database in a process of its own (a fresh heap, JIT and pool each) and returns true; with one, returns false and
 * the caller benches it in this process.
 */
export function benchEachDatabaseInItsOwnProcess(databases: readonly string[], setting: string, scriptUrl: string): boolean {
  if (databases.length <= 1) return false;
  let failed = false;
  for (const kind of databases) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, [setting]: kind },
    });
    if (child.status !== 0) failed = true;
  }
  process.exitCode = failed ? 1 : 0;
  return true;
}
