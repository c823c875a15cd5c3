import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * The payments exceptions queue and refunds as records (issue 35 §3–4, shop-operations §5):
 * - payment_refunds: money given back (amount, method, bank reference, reason, who), for a web order (the desk's
 *   refund) or for a transfer of the exceptions queue, or both;
 * - payment_exception_events: the audit of the queue's actions on a payment_transactions row (migration 0030),
 *   with the row's resolution before and after as JSON.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let refunds = addIdColumn(db.schema.createTable('payment_refunds'), dialect)
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('restrict'))
    .addColumn('transaction_id', 'integer', (col) => col.references('payment_transactions.id').onDelete('restrict'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('method', 'varchar(20)', (col) => col.notNull())
    .addColumn('bank_reference', 'varchar(100)')
    .addColumn('reason', 'varchar(300)', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'));
  refunds = addTimestampColumn(refunds, 'created_at', dialect, { defaultNow: true })
    .addCheckConstraint('payment_refunds_amount_positive', sql`amount > 0`)
    .addCheckConstraint('payment_refunds_method_known', sql`method in ('BANK_TRANSFER', 'CASH')`)
    .addCheckConstraint('payment_refunds_reference_for_transfer', sql`method <> 'BANK_TRANSFER' or bank_reference is not null`)
    .addCheckConstraint('payment_refunds_for_something', sql`order_id is not null or transaction_id is not null`);
  await refunds.execute();
  await db.schema.createIndex('payment_refunds_created_idx').on('payment_refunds').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('payment_refunds_order_idx').on('payment_refunds').column('order_id').execute();
  await db.schema.createIndex('payment_refunds_transaction_idx').on('payment_refunds').column('transaction_id').execute();

  let events = addIdColumn(db.schema.createTable('payment_exception_events'), dialect)
    .addColumn('transaction_id', 'integer', (col) => col.notNull().references('payment_transactions.id').onDelete('cascade'))
    .addColumn('action', 'varchar(20)', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('note', 'varchar(300)')
    .addColumn('before_json', 'text', (col) => col.notNull())
    .addColumn('after_json', 'text', (col) => col.notNull());
  events = addTimestampColumn(events, 'created_at', dialect, { defaultNow: true }).addCheckConstraint(
    'payment_exception_events_action_known',
    sql`action in ('match', 'reinstate', 'refund', 'dismiss')`,
  );
  await events.execute();
  await db.schema.createIndex('payment_exception_events_transaction_idx').on('payment_exception_events').columns(['transaction_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_exception_events').ifExists().execute();
  await db.schema.dropTable('payment_refunds').ifExists().execute();
}
