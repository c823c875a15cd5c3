import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * One ledger of sales and money (issue 62): a sale is a web order or a service invoice. sale_payments replaces
 * order_payments and holds the one payment of either (exactly one of order_id, service_invoice_id; unique per
 * sale), written by the ledger module only; service invoices paid before get their record from what they hold.
 * A transfer (payment_transactions) and a refund (payment_refunds) may name a service invoice too. sale_events is
 * the ledger's durable announcement of each fact (sale.paid, sale.refunded), written in the same transaction as
 * the record it announces, so a consumer (messages, e-invoices) misses none even if the process dies at commit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let payments = addIdColumn(db.schema.createTable('sale_payments'), dialect)
    .addColumn('order_id', 'integer', (col) => col.unique().references('orders.id').onDelete('cascade'))
    .addColumn('service_invoice_id', 'integer', (col) => col.unique().references('service_invoices.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('method', 'varchar(20)', (col) => col.notNull())
    .addColumn('channel', 'varchar(20)', (col) => col.notNull())
    .addColumn('reference', 'varchar(100)')
    .addColumn('transaction_id', 'integer', (col) => col.references('payment_transactions.id').onDelete('set null'))
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'));
  payments = addTimestampColumn(payments, 'paid_at', dialect)
    .addCheckConstraint('sale_payments_one_sale', sql`(order_id is null) <> (service_invoice_id is null)`)
    .addCheckConstraint('sale_payments_amount_positive', sql`amount >= 0`)
    .addCheckConstraint('sale_payments_method_known', sql`method in ('BANK_TRANSFER', 'CASH')`)
    .addCheckConstraint('sale_payments_channel_known', sql`channel in ('SEPAY', 'PAYOS', 'RECORDED_TRANSFER', 'EXCEPTION_MATCH', 'REINSTATE', 'DESK')`);
  await payments.execute();
  await db.schema.createIndex('sale_payments_paid_idx').on('sale_payments').columns(['paid_at', 'id']).execute();
  await sql`
    insert into sale_payments (order_id, amount, method, channel, reference, transaction_id, actor_id, paid_at)
    select order_id, amount, method, channel, reference, transaction_id, actor_id, paid_at from order_payments order by id`.execute(db);
  await db.schema.dropTable('order_payments').execute();
  await sql`
    insert into sale_payments (service_invoice_id, amount, method, channel, reference, transaction_id, actor_id, paid_at)
    select i.id, i.total, case when i.payment_method = 'VIETQR' then 'BANK_TRANSFER' else 'CASH' end, 'DESK', null, null, i.confirmed_by,
           coalesce(i.paid_at, i.issued_at)
    from service_invoices i
    where i.payment_status = 'PAID' order by i.id`.execute(db);

  await db.schema
    .alterTable('payment_transactions')
    .addColumn('service_invoice_id', 'integer', (col) => col.references('service_invoices.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('payment_refunds')
    .addColumn('service_invoice_id', 'integer', (col) => col.references('service_invoices.id').onDelete('set null'))
    .execute();

  let events = addIdColumn(db.schema.createTable('sale_events'), dialect)
    // No foreign keys: an announcement outlives nothing it names and must never block the write it announces.
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('service_invoice_id', 'integer')
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('payment_id', 'integer')
    .addColumn('refund_id', 'integer')
    .addColumn('actor_id', 'integer');
  events = addTimestampColumn(events, 'created_at', dialect, { defaultNow: true }).addCheckConstraint(
    'sale_events_kind_known',
    sql`kind in ('sale.paid', 'sale.refunded')`,
  );
  await events.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sale_events').ifExists().execute();
  await db.schema.alterTable('payment_refunds').dropColumn('service_invoice_id').execute();
  await db.schema.alterTable('payment_transactions').dropColumn('service_invoice_id').execute();
  const dialect = dialectOf(db);
  let payments = addIdColumn(db.schema.createTable('order_payments'), dialect)
    .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('method', 'varchar(20)', (col) => col.notNull())
    .addColumn('channel', 'varchar(20)', (col) => col.notNull())
    .addColumn('reference', 'varchar(100)')
    .addColumn('transaction_id', 'integer', (col) => col.references('payment_transactions.id').onDelete('set null'))
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'));
  payments = addTimestampColumn(payments, 'paid_at', dialect);
  await payments.execute();
  await sql`
    insert into order_payments (order_id, amount, method, channel, reference, transaction_id, actor_id, paid_at)
    select order_id, amount, method, channel, reference, transaction_id, actor_id, paid_at from sale_payments where order_id is not null`.execute(db);
  await db.schema.dropTable('sale_payments').execute();
}
