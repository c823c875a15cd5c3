import { sql, type Kysely } from 'kysely';

/**
 * SQLite cannot alter a CHECK or drop a constrained column: the table is rebuilt from its own definition
 * (SQLite's documented procedure). `replaceDefinition` rewrites the CREATE TABLE text; `columns` names the
 * columns copied (default: every column of the old table, in order). Foreign keys are off during the rebuild so
 * dropping the old table cascades nothing, and checked before the commit; the table's rows and ids are kept,
 * its indexes and triggers recreated (a trigger or index on a dropped column must be left out by the caller
 * through `skip`). Runs its own transaction: call it outside one (SQLite migrations run without one).
 */
export async function rebuildSqliteTable(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema (a migration's db)
  db: Kysely<any>,
  table: string,
  replaceDefinition: (definition: string) => string,
  options: { columns?: readonly string[]; skip?: (objectSql: string) => boolean } = {},
): Promise<void> {
  const found = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  if (!found.rows[0]) throw new Error(`rebuildSqliteTable: no table ${table}`);
  const dependents = await sql<{ sql: string }>`
    select sql from sqlite_master where type in ('index', 'trigger') and tbl_name = ${table} and sql is not null order by type, name`.execute(db);
  const rebuilt = `${table}_rebuilt`;
  const pattern = new RegExp(`^CREATE TABLE\\s+"?${table}"?`, 'i');
  const definition = replaceDefinition(found.rows[0].sql).replace(pattern, `CREATE TABLE "${rebuilt}"`);
  if (!definition.includes(rebuilt)) throw new Error(`rebuildSqliteTable: the definition of ${table} was not recognised`);
  const columns = options.columns ? options.columns.map((name) => `"${name}"`).join(', ') : null;
  await sql`pragma foreign_keys = off`.execute(db);
  // References from other tables' triggers to the table are checked on rename: the legacy rename skips that.
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(definition).execute(db);
    await sql.raw(columns ? `insert into "${rebuilt}" (${columns}) select ${columns} from "${table}"` : `insert into "${rebuilt}" select * from "${table}"`).execute(db);
    await sql.raw(`drop table "${table}"`).execute(db);
    await sql.raw(`alter table "${rebuilt}" rename to "${table}"`).execute(db);
    for (const dependent of dependents.rows) {
      if (options.skip?.(dependent.sql)) continue;
      await sql.raw(dependent.sql).execute(db);
    }
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`rebuildSqliteTable: the rebuilt ${table} table breaks a foreign key`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
