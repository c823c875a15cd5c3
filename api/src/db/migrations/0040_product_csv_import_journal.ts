import type { Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * A product CSV apply that survives a crash (issue 45 §6, decision 0053):
 * - product_csv_imports: one row per apply being written (who runs it: host, process, start; its heartbeat);
 *   the row's deletion, with its journal, is the apply's commit;
 * - product_csv_import_journal: what each chunk changed (the new products' ids, the updated products' rows
 *   before), written in the chunk's own transaction, so the next start can undo an apply a crash cut short.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let imports = db.schema
    .createTable('product_csv_imports')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner', 'varchar(300)', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('alive_ms', 'bigint', (col) => col.notNull());
  imports = addTimestampColumn(imports, 'started_at', dialect, { defaultNow: true });
  await imports.execute();

  await addIdColumn(db.schema.createTable('product_csv_import_journal'), dialect)
    .addColumn('import_id', 'varchar(36)', (col) => col.notNull().references('product_csv_imports.id').onDelete('cascade'))
    .addColumn('chunk', 'integer', (col) => col.notNull())
    .addColumn('written', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('product_csv_import_journal_chunk_idx').on('product_csv_import_journal').columns(['import_id', 'chunk']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_csv_import_journal').ifExists().execute();
  await db.schema.dropTable('product_csv_imports').ifExists().execute();
}
