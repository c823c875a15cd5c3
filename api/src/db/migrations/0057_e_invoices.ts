import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * An e-invoice per sale (issue 64): e_invoices (the sale's ORIGINAL, at most one per sale; ADJUSTMENTs, one per refund;
 * REPLACEMENTs), the module's cursor over the ledger's sale_events, and the local stand-in provider's own numbers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let table = addIdColumn(db.schema.createTable('e_invoices'), dialect)
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('service_invoice_id', 'integer', (col) => col.references('service_invoices.id'))
    .addColumn('kind', 'varchar(12)', (col) => col.notNull())
    .addColumn('corrects_id', 'integer', (col) => col.references('e_invoices.id'))
    .addColumn('refund_id', 'integer', (col) => col.references('payment_refunds.id'))
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('DRAFT'))
    .addColumn('provider', 'varchar(10)', (col) => col.notNull())
    .addColumn('request_key', 'varchar(60)', (col) => col.notNull().unique())
    .addColumn('reason', 'varchar(500)')
    .addColumn('gross', 'bigint', (col) => col.notNull())
    .addColumn('series', 'varchar(12)')
    .addColumn('number', 'integer')
    .addColumn('tax_authority_code', 'varchar(40)')
    .addColumn('lookup_code', 'varchar(60)')
    .addColumn('lookup_url', 'varchar(300)')
    .addColumn('provider_ref', 'varchar(100)')
    .addColumn('raw_answer', 'text')
    // The issued invoice's XML and PDF in the object store (null until archived).
    .addColumn('xml_key', 'varchar(200)')
    .addColumn('pdf_key', 'varchar(200)')
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // Who asked for a replacement (null: the queue, from the ledger).
    .addColumn('requested_by', 'integer', (col) => col.references('users.id'));
  table = addTimestampColumn(table, 'next_attempt_at', dialect, { nullable: true });
  table = addTimestampColumn(table, 'issued_at', dialect, { nullable: true });
  table = addTimestampColumn(table, 'created_at', dialect, { defaultNow: true });
  table = addTimestampColumn(table, 'updated_at', dialect)
    .addCheckConstraint('e_invoices_one_sale', sql`(order_id is null) <> (service_invoice_id is null)`)
    .addCheckConstraint('e_invoices_kind', sql`kind in ('ORIGINAL', 'ADJUSTMENT', 'REPLACEMENT')`)
    .addCheckConstraint('e_invoices_status', sql`status in ('DRAFT', 'SENDING', 'ISSUED', 'FAILED', 'CANCELLED')`)
    .addCheckConstraint('e_invoices_correction', sql`(kind = 'ORIGINAL') = (corrects_id is null)`);
  await table.execute();
  // One invoice of its own per sale; one adjustment per refund.
  await db.schema.createIndex('e_invoices_order_original_key').on('e_invoices').column('order_id').unique().where(sql.ref('kind'), '=', 'ORIGINAL').execute();
  await db.schema.createIndex('e_invoices_service_invoice_original_key').on('e_invoices').column('service_invoice_id').unique().where(sql.ref('kind'), '=', 'ORIGINAL').execute();
  await db.schema.createIndex('e_invoices_refund_key').on('e_invoices').column('refund_id').unique().where(sql.ref('refund_id'), 'is not', null).execute();
  await db.schema.createIndex('e_invoices_due_idx').on('e_invoices').columns(['next_attempt_at']).where(sql.ref('next_attempt_at'), 'is not', null).execute();
  await db.schema.createIndex('e_invoices_status_created_idx').on('e_invoices').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('e_invoices_issued_idx').on('e_invoices').columns(['issued_at']).where(sql.ref('issued_at'), 'is not', null).execute();

  // A replacement per invoice: the chain stays a line.
  await db.schema.createIndex('e_invoices_replacement_key').on('e_invoices').column('corrects_id').unique().where(sql.ref('kind'), '=', 'REPLACEMENT').execute();

  // Notices 04/SS-HĐĐT: a slip of the buyer's name or address told to the buyer and the tax authority (no new invoice).
  let notices = addIdColumn(db.schema.createTable('e_invoice_notices'), dialect)
    .addColumn('e_invoice_id', 'integer', (col) => col.notNull().references('e_invoices.id'))
    .addColumn('reason', 'varchar(300)', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.notNull().references('users.id'));
  notices = addTimestampColumn(notices, 'created_at', dialect, { defaultNow: true });
  await notices.execute();
  await db.schema.createIndex('e_invoice_notices_invoice_idx').on('e_invoice_notices').column('e_invoice_id').execute();

  await db.schema
    .createTable('e_invoice_cursor')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('last_sale_event_id', 'integer', (col) => col.notNull())
    .execute();
  // Sales recorded before the e-invoices were invoiced elsewhere (or not at all): the module starts with the next one.
  const last = await db.selectFrom('sale_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  await db.insertInto('e_invoice_cursor').values({ id: 1, last_sale_event_id: Number(last?.id ?? 0) }).execute();

  let standIn = addIdColumn(db.schema.createTable('e_invoice_standin'), dialect)
    .addColumn('request_key', 'varchar(60)', (col) => col.notNull().unique())
    .addColumn('kind', 'varchar(12)', (col) => col.notNull())
    .addColumn('series', 'varchar(12)', (col) => col.notNull())
    .addColumn('tax_authority_code', 'varchar(40)', (col) => col.notNull())
    .addColumn('lookup_code', 'varchar(60)', (col) => col.notNull())
    .addColumn('gross', 'bigint', (col) => col.notNull())
    .addColumn('xml', 'text', (col) => col.notNull());
  standIn = addTimestampColumn(standIn, 'issued_at', dialect);
  await standIn.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('e_invoice_standin').ifExists().execute();
  await db.schema.dropTable('e_invoice_cursor').ifExists().execute();
  await db.schema.dropTable('e_invoice_notices').ifExists().execute();
  await db.schema.dropTable('e_invoices').ifExists().execute();
}
