import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * The cashier's close per centre ("Chốt ca", issue 62): each close covers one period of a centre's counter, from
 * the previous close of that centre (or the start of the centre's day for its first) to the close instant, with
 * the cash the ledger expects (cash taken at the desk minus cash given back), the cash the clerk counted, their
 * difference and the reason the clerk gave for it (required when it is not zero).
 *
 * The unique (centre_id, period_from) makes the chain of closes a line: two clerks closing the same centre at
 * once compute the same start, and only one of them can record a close from it (the other answers 409).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let table = addIdColumn(db.schema.createTable('cash_closes'), dialect).addColumn('centre_id', 'integer', (col) =>
    col.notNull().references('service_centres.id').onDelete('cascade'),
  );
  table = addTimestampColumn(table, 'period_from', dialect);
  table = addTimestampColumn(table, 'closed_at', dialect)
    // VND; bigint: a count may reach 10 billion. expected may be negative (more given back than taken).
    .addColumn('expected', 'bigint', (col) => col.notNull())
    .addColumn('counted', 'bigint', (col) => col.notNull())
    .addColumn('difference', 'bigint', (col) => col.notNull())
    .addColumn('payments_count', 'integer', (col) => col.notNull())
    .addColumn('refunds_count', 'integer', (col) => col.notNull())
    .addColumn('reason', 'varchar(300)')
    .addColumn('closed_by', 'integer', (col) => col.notNull().references('users.id'))
    .addCheckConstraint('cash_closes_period_order', sql`closed_at > period_from`)
    .addCheckConstraint('cash_closes_counted_range', sql`counted >= 0 and counted <= 10000000000`)
    .addCheckConstraint('cash_closes_difference', sql`difference = counted - expected`)
    .addCheckConstraint('cash_closes_reason_when_different', sql`difference = 0 or reason is not null`)
    .addCheckConstraint('cash_closes_counts', sql`payments_count >= 0 and refunds_count >= 0`);
  await table.execute();
  await db.schema.createIndex('cash_closes_centre_period_from_key').on('cash_closes').columns(['centre_id', 'period_from']).unique().execute();
  await db.schema.createIndex('cash_closes_centre_closed_idx').on('cash_closes').columns(['centre_id', 'closed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cash_closes').ifExists().execute();
}
