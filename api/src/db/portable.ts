import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, SqliteAdapter, sql, type RawBuilder } from 'kysely';

/**
 * Helpers for the places where SQLite and PostgreSQL differ, so that migrations and queries stay the same
 * on both. Rules of the house: money is integer VND (`integer`/`bigint`), instants are UTC (`timestamptz` on
 * PostgreSQL, ISO 8601 text ending in `Z` on SQLite), ids are integer identities.
 */
export type Dialect = 'sqlite' | 'postgres';

const DIALECTS: readonly string[] = ['sqlite', 'postgres'] satisfies Dialect[];

/** A value naming a dialect (e.g. read from a backup's manifest). */
export function isDialect(value: unknown): value is Dialect {
  return typeof value === 'string' && DIALECTS.includes(value);
}

/** Which database a Kysely instance (or a transaction, or a migration's `db`) talks to. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema: Kysely<Database> is not assignable to Kysely<unknown>
export function dialectOf(db: Kysely<any>): Dialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error(`Unsupported database adapter: ${adapter.constructor.name}`);
}

/**
 * The name of the database behind a Kysely instance, for what reports it (/api/health). Code outside api/src/db/
 * never chooses SQL by it: what differs is in sqlDialect.ts and sqlText.ts (issue 44 §5).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema: Kysely<Database> is not assignable to Kysely<unknown>
export function databaseKind(db: Kysely<any>): Dialect {
  return dialectOf(db);
}

/** SQL giving the current UTC instant in the column format of the dialect. */
export function nowUtc(dialect: Dialect): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`now()` : sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

/** Adds an auto-incrementing integer primary key named `id`. */
export function addIdColumn<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
  dialect: Dialect,
): CreateTableBuilder<T, C | 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** Adds a UTC timestamp column; `defaultNow` makes the database fill it on insert. */
export function addTimestampColumn<T extends string, C extends string, N extends string>(
  table: CreateTableBuilder<T, C>,
  name: N,
  dialect: Dialect,
  options: { nullable?: boolean; defaultNow?: boolean } = {},
): CreateTableBuilder<T, C | N> {
  return table.addColumn(name, dialect === 'postgres' ? 'timestamptz' : 'text', (col: ColumnDefinitionBuilder) => {
    let column = options.nullable ? col : col.notNull();
    if (options.defaultNow) column = column.defaultTo(nowUtc(dialect));
    return column;
  });
}

/** A column read back as a UTC instant → ISO 8601 string ('2026-11-22T08:00:00.000Z'). */
export function toIsoUtc(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a timestamp: ${String(value)}`);
  return date.toISOString();
}

/** count(*) and bigint columns come back as strings from PostgreSQL and as numbers from SQLite. */
export function toNumber(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return typeof value === 'number' ? value : Number(value);
}

/** Number of rows of a table, on both dialects. */
export async function countRows<DB>(db: Kysely<DB>, table: keyof DB & string): Promise<number> {
  const { rows } = await sql<{ count: string | number }>`select count(*) as count from ${sql.table(table)}`.execute(db);
  return toNumber(rows[0]?.count);
}
