import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Money in is a record (issue 44): order_payments holds the one payment of an order — amount, method, the channel
 * that reported it (a provider's webhook, a transfer recorded by a clerk, the exceptions queue, the desk at
 * pick-up or delivery), the bank reference, the transaction it came from and who — written by the orders
 * module's markOrderPaid only. Unique per order: a second payment of the same order cannot be written.
 * payment_transactions.recorded_by: the clerk who entered a transfer by hand (provider MANUAL).
 * Orders paid before this migration get their record from what they hold (paid_at, total, their transaction).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let payments = addIdColumn(db.schema.createTable('order_payments'), dialect)
    .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('method', 'varchar(20)', (col) => col.notNull())
    .addColumn('channel', 'varchar(20)', (col) => col.notNull())
    .addColumn('reference', 'varchar(100)')
    .addColumn('transaction_id', 'integer', (col) => col.references('payment_transactions.id').onDelete('set null'))
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'));
  payments = addTimestampColumn(payments, 'paid_at', dialect)
    .addCheckConstraint('order_payments_amount_positive', sql`amount >= 0`)
    .addCheckConstraint('order_payments_method_known', sql`method in ('BANK_TRANSFER', 'CASH')`)
    .addCheckConstraint('order_payments_channel_known', sql`channel in ('SEPAY', 'PAYOS', 'RECORDED_TRANSFER', 'EXCEPTION_MATCH', 'REINSTATE', 'DESK')`);
  await payments.execute();
  await db.schema.createIndex('order_payments_paid_idx').on('order_payments').columns(['paid_at', 'id']).execute();
  await db.schema
    .alterTable('payment_transactions')
    .addColumn('recorded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  // The paid orders' records from what they hold (this migration's own copy: order_payments became sale_payments in 0051).
  await sql`
    insert into order_payments (order_id, amount, method, channel, reference, transaction_id, actor_id, paid_at)
    select o.id, o.total,
           case when o.payment_method = 'VIETQR' then 'BANK_TRANSFER' else 'CASH' end,
           case when t.provider = 'SEPAY' then 'SEPAY' when t.provider = 'PAYOS' then 'PAYOS'
                when t.id is not null then 'RECORDED_TRANSFER' when o.payment_method = 'VIETQR' then 'RECORDED_TRANSFER' else 'DESK' end,
           t.bank_reference, t.id, null, o.paid_at
    from orders o
    left join payment_transactions t on t.id = (
      select min(m.id) from payment_transactions m
      where m.order_id = o.id and (m.outcome = 'MATCHED' or m.resolution in ('MATCHED', 'REINSTATED')))
    where o.paid_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_transactions').dropColumn('recorded_by').execute();
  await db.schema.dropTable('order_payments').ifExists().execute();
}
