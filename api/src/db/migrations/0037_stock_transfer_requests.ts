import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../portable';
import { rebuildSqliteTable } from '../sqliteRebuild';

/**
 * Stock transfer requests (issue 44 §3, decision 0051): a destination's manager who may not take another centre's
 * units asks for them instead; the source's manager accepts (the units leave then) or declines.
 * - stock_transfers.status gains REQUESTED and DECLINED (the CHECK widened; on SQLite by rebuilding the table, its
 *   rows, ids and indexes kept, the lines and movements that point at it untouched);
 * - requested_at (set when the transfer began as a request: created_by asked, at created_at), decided_by and
 *   decided_at (who at the source accepted or declined it), decline_reason.
 */
const STATUS_CHECK = `status in ('REQUESTED', 'IN_TRANSIT', 'RECEIVED', 'CANCELLED', 'DECLINED')`;
const OLD_STATUS_CHECK = `status in ('IN_TRANSIT', 'RECEIVED', 'CANCELLED')`;
const NEW_COLUMNS = ['requested_at', 'decided_by', 'decided_at', 'decline_reason'];

async function setStatusCheck(db: Kysely<any>, status: string, from: string): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table stock_transfers drop constraint stock_transfers_status_known`.execute(db);
    await sql.raw(`alter table stock_transfers add constraint stock_transfers_status_known check (${status})`).execute(db);
    return;
  }
  // SQLite cannot alter a CHECK: the table is rebuilt with the new one (its rows, ids and indexes kept).
  await rebuildSqliteTable(db, 'stock_transfers', (definition) => {
    const next = definition.replace(from, status);
    if (!next.includes(status)) throw new Error('0037: the stock_transfers status CHECK was not found');
    return next;
  });
}

function timestampType(db: Kysely<any>) {
  return dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
}

export async function up(db: Kysely<any>): Promise<void> {
  await setStatusCheck(db, STATUS_CHECK, OLD_STATUS_CHECK);
  await db.schema.alterTable('stock_transfers').addColumn('requested_at', timestampType(db)).execute();
  await db.schema
    .alterTable('stock_transfers')
    .addColumn('decided_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('stock_transfers').addColumn('decided_at', timestampType(db)).execute();
  await db.schema.alterTable('stock_transfers').addColumn('decline_reason', 'varchar(300)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Requests never accepted moved no stock: they go (their lines with them); the accepted ones are transfers.
  await db.deleteFrom('stock_transfers').where('status', 'in', ['REQUESTED', 'DECLINED']).execute();
  await db.deleteFrom('stock_transfers').where('status', '=', 'CANCELLED').where('requested_at', 'is not', null).where('decided_at', 'is', null).execute();
  if (dialectOf(db) === 'postgres') {
    for (const column of NEW_COLUMNS) await db.schema.alterTable('stock_transfers').dropColumn(column).execute();
    await setStatusCheck(db, OLD_STATUS_CHECK, STATUS_CHECK);
    return;
  }
  // SQLite drops no column with a REFERENCES: one rebuild without the new columns and with the old CHECK.
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info('stock_transfers') order by cid`.execute(db);
  const columns = rows.map((row) => row.name).filter((name) => !NEW_COLUMNS.includes(name));
  await rebuildSqliteTable(
    db,
    'stock_transfers',
    (definition) => {
      let next = definition.replace(STATUS_CHECK, OLD_STATUS_CHECK);
      for (const column of NEW_COLUMNS) next = next.replace(new RegExp(`,\\s*"${column}"[^,()]*(\\([^)]*\\)[^,()]*)*`), '');
      if (!next.includes(OLD_STATUS_CHECK) || NEW_COLUMNS.some((column) => next.includes(`"${column}"`))) {
        throw new Error('0037: the stock_transfers definition was not recognised');
      }
      return next;
    },
    { columns },
  );
}
