import { spawn } from 'node:child_process';
import { Client } from 'pg';
import type { SnapshotStats } from './manifest';
import { dataRowCount, listTables, snapshotStats, type SqlReader } from './snapshotStats';

/**
 * PostgreSQL through its own tools: pg_dump --format=custom inside a snapshot this module exports (so the
 * manifest's counts and ledger checksum are read from the very data dumped), pg_restore into the database of
 * DATABASE_URL (created when missing). The client tools must be of the server's major version or newer.
 */

/** Every column as the server's text (no Date rounding to milliseconds), instants in UTC. */
const rawText = { getTypeParser: () => (value: string) => value };

function pgReader(client: Client): SqlReader {
  return {
    dialect: 'postgres',
    all: async (sql, params = []) => {
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${++n}`);
      return (await client.query(text, params as unknown[])).rows as Array<Record<string, unknown>>;
    },
  };
}

async function connect(databaseUrl: string): Promise<Client> {
  const client = new Client({ connectionString: databaseUrl, types: rawText });
  await client.connect();
  try {
    await client.query(`set time zone 'UTC'`);
  } catch (error) {
    await client.end();
    throw error;
  }
  return client;
}

/** libpq's arguments for the tools: the URL without its password (visible in `ps` otherwise), which goes in PGPASSWORD. */
function toolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { url: url.toString(), env };
}

/** Runs a client tool; rejects with its stderr when it fails or is not installed. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 20_000) stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new Error(`không tìm thấy ${command}: cài công cụ PostgreSQL client (postgresql-client, cùng phiên bản chính với máy chủ hoặc mới hơn)`) : error);
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} thất bại (${signal ?? `mã thoát ${code}`}): ${stderr.trim()}`));
    });
  });
}

/** Dumps the database to `target` (custom format) and returns the figures of the same snapshot. */
export async function backupPostgres(databaseUrl: string, target: string): Promise<SnapshotStats> {
  const client = await connect(databaseUrl);
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const { url, env } = toolConnection(databaseUrl);
    // The transaction stays open until pg_dump ends: the exported snapshot lives only that long.
    const dump = runTool('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, '--no-password', `--file=${target}`, `--dbname=${url}`], env);
    const [dumped, stats] = await Promise.allSettled([dump, snapshotStats(pgReader(client))]);
    if (dumped.status === 'rejected') throw dumped.reason;
    if (stats.status === 'rejected') throw stats.reason;
    await client.query('commit');
    return stats.value;
  } finally {
    await client.end();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Creates the database of `databaseUrl` through the server's `postgres` database when it does not exist. */
async function ensureDatabase(databaseUrl: string): Promise<void> {
  try {
    await (await connect(databaseUrl)).end();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // 3D000: invalid_catalog_name
  }
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${quoteIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}

/** Rows in the data tables of the database; 0 when it does not exist yet. */
export async function postgresDataRows(databaseUrl: string): Promise<number> {
  let client: Client;
  try {
    client = await connect(databaseUrl);
  } catch (error) {
    if ((error as { code?: string }).code === '3D000') return 0;
    throw error;
  }
  try {
    return await dataRowCount(pgReader(client));
  } finally {
    await client.end();
  }
}

/**
 * Restores `dumpFile` into the database of `databaseUrl` (created when missing) in one transaction: objects of
 * the dump are dropped first when present, ownership and grants are left to the target's user. Tables the
 * backup did not have (a newer version's, in a target restored with --force) are dropped after, so the next
 * start's migrations can create them again. Returns the restored figures and the dropped tables.
 */
export async function restorePostgres(databaseUrl: string, dumpFile: string, backupTables: ReadonlySet<string>): Promise<{ stats: SnapshotStats; dropped: string[] }> {
  await ensureDatabase(databaseUrl);
  const { url, env } = toolConnection(databaseUrl);
  await runTool(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', '--no-password', `--dbname=${url}`, dumpFile],
    env,
  );
  const client = await connect(databaseUrl);
  try {
    const reader = pgReader(client);
    const dropped = (await listTables(reader)).filter((table) => !backupTables.has(table));
    if (dropped.length > 0) await client.query(`drop table if exists ${dropped.map(quoteIdentifier).join(', ')} cascade`);
    return { stats: await snapshotStats(reader), dropped };
  } finally {
    await client.end();
  }
}
