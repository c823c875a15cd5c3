import { createHash } from 'node:crypto';
import type { Dialect } from '../db/portable';
import { sqlTextFor } from '../db/sqlText';
import type { SnapshotStats, LedgerDigest } from './manifest';

/**
 * Row counts, the applied migrations and the stock-ledger checksum of one database, read through a bare
 * connection (a better-sqlite3 file, or a pg client inside the backup's exported snapshot) so the figures are
 * those of exactly what the backup holds.
 */
export interface SqlReader {
  dialect: Dialect;
  /** Runs `sql` with `?` placeholders (rewritten to $n for PostgreSQL); values raw: numbers, text, Buffers. */
  all(sql: string, params?: readonly unknown[]): Promise<Array<Record<string, unknown>>>;
}

/** The centre-stock ledger (api/src/db/inventorySchema.ts). */
export const STOCK_LEDGER_TABLE = 'stock_movements';
const MIGRATION_TABLE = 'kysely_migration';
/** Kysely's bookkeeping: not data, left out when deciding whether a database is empty. */
export const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set([MIGRATION_TABLE, 'kysely_migration_lock']);
const LEDGER_PAGE = 5_000;

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function listTables(reader: SqlReader): Promise<string[]> {
  const rows = await reader.all(sqlTextFor(reader.dialect).listTables);
  return rows.map((row) => String(row.name));
}

export async function tableRowCounts(reader: SqlReader, tables?: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables ?? (await listTables(reader))) {
    const [row] = await reader.all(`select count(*) as n from ${quoteIdentifier(table)}`);
    counts[table] = Number(row?.n);
  }
  return counts;
}

/** One value as text for the checksum: the same for the same stored value on both sides of a backup. */
function canonical(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** sha256 over every ledger row (all columns, in id order), read by pages so a million rows stay small in memory. */
export async function stockLedgerDigest(reader: SqlReader): Promise<LedgerDigest> {
  const hash = createHash('sha256');
  let rows = 0;
  let after: unknown = -1;
  for (;;) {
    const page = await reader.all(`select * from ${STOCK_LEDGER_TABLE} where id > ? order by id limit ${LEDGER_PAGE}`, [after]);
    for (const row of page) hash.update(`${JSON.stringify(Object.values(row).map(canonical))}\n`);
    rows += page.length;
    if (page.length < LEDGER_PAGE) break;
    after = page[page.length - 1]!.id;
  }
  return { table: STOCK_LEDGER_TABLE, rows, sha256: hash.digest('hex') };
}

/** Everything the manifest records about the database's content, read through `reader`. */
export async function snapshotStats(reader: SqlReader): Promise<SnapshotStats> {
  const tables = await listTables(reader);
  const migrations = tables.includes(MIGRATION_TABLE)
    ? (await reader.all(`select name from ${MIGRATION_TABLE} order by name`)).map((row) => String(row.name))
    : [];
  const stockLedger = tables.includes(STOCK_LEDGER_TABLE) ? await stockLedgerDigest(reader) : { table: STOCK_LEDGER_TABLE, rows: 0, sha256: '' };
  return { migrations, tables: await tableRowCounts(reader, tables), stockLedger };
}

/** Rows in data tables (not Kysely's bookkeeping): 0 for a new or merely migrated database. */
export async function dataRowCount(reader: SqlReader): Promise<number> {
  const tables = (await listTables(reader)).filter((table) => !BOOKKEEPING_TABLES.has(table));
  const counts = await tableRowCounts(reader, tables);
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}
