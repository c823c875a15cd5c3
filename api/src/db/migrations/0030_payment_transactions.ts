import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Payments that confirm themselves (issue 35 §1–3, shop-operations §5):
 * - payment_transactions: every transfer a provider told us of (payOS, SePay) or staff entered, once per
 *   (provider, provider_ref) — the idempotency key; matched to an order, or an exception waiting in the queue
 *   with its reason; the body as received kept (≤ 64 KB);
 * - payos_payment_links: the payOS link of an order (one per order, its payOS orderCode unique).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let transactions = addIdColumn(db.schema.createTable('payment_transactions'), dialect)
    .addColumn('provider', 'varchar(10)', (col) => col.notNull())
    .addColumn('provider_ref', 'varchar(100)', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('restrict'))
    .addColumn('order_code_found', 'varchar(40)')
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('content', 'varchar(500)', (col) => col.notNull())
    .addColumn('bank_reference', 'varchar(100)');
  transactions = addTimestampColumn(transactions, 'transferred_at', dialect);
  transactions = addTimestampColumn(transactions, 'received_at', dialect, { defaultNow: true })
    .addColumn('raw_payload', 'text', (col) => col.notNull())
    .addColumn('outcome', 'varchar(10)', (col) => col.notNull())
    .addColumn('exception_reason', 'varchar(20)')
    .addColumn('resolution', 'varchar(20)')
    .addColumn('resolved_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  transactions = addTimestampColumn(transactions, 'resolved_at', dialect, { nullable: true })
    .addColumn('resolution_note', 'varchar(300)')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addUniqueConstraint('payment_transactions_provider_ref_unique', ['provider', 'provider_ref'])
    .addCheckConstraint('payment_transactions_provider_known', sql`provider in ('PAYOS', 'SEPAY', 'MANUAL')`)
    .addCheckConstraint('payment_transactions_amount_positive', sql`amount > 0`)
    .addCheckConstraint('payment_transactions_outcome_known', sql`outcome in ('MATCHED', 'EXCEPTION')`)
    .addCheckConstraint(
      'payment_transactions_reason_known',
      sql`(outcome = 'MATCHED' and exception_reason is null) or (outcome = 'EXCEPTION' and exception_reason in ('PARTIAL', 'OVERPAID', 'UNKNOWN_CODE', 'ORDER_EXPIRED', 'ORDER_CANCELLED', 'ALREADY_PAID'))`,
    )
    .addCheckConstraint('payment_transactions_resolution_known', sql`resolution is null or resolution in ('MATCHED', 'REINSTATED', 'REFUNDED', 'DISMISSED')`)
    .addCheckConstraint('payment_transactions_raw_bounded', sql`length(raw_payload) <= 65536`);
  await transactions.execute();
  // The exceptions queue (open ones oldest first) and the daily reconciliation (by day received).
  await db.schema.createIndex('payment_transactions_queue_idx').on('payment_transactions').columns(['outcome', 'resolution', 'received_at']).execute();
  await db.schema.createIndex('payment_transactions_received_idx').on('payment_transactions').columns(['received_at', 'id']).execute();
  await db.schema.createIndex('payment_transactions_order_idx').on('payment_transactions').column('order_id').execute();

  let links = addIdColumn(db.schema.createTable('payos_payment_links'), dialect)
    .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('payos_order_code', 'bigint', (col) => col.notNull().unique())
    .addColumn('payment_link_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('checkout_url', 'varchar(500)', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('PENDING'));
  links = addTimestampColumn(links, 'created_at', dialect, { defaultNow: true }).addCheckConstraint(
    'payos_payment_links_status_known',
    sql`status in ('PENDING', 'PAID', 'CANCELLED')`,
  );
  await links.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payos_payment_links').ifExists().execute();
  await db.schema.dropTable('payment_transactions').ifExists().execute();
}
