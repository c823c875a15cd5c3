import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Company VAT-invoice requests (issue 35 §5, shop-operations §6): one per web order or per service order (unique
 * indexes, so two requests at once cannot both be stored), with the company's name, checked tax code, address
 * and email; REQUESTED until the e-invoice provider issues it (provider_ref, issued_at).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let table = addIdColumn(db.schema.createTable('vat_invoice_requests'), dialect)
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('cascade'))
    .addColumn('service_order_id', 'integer', (col) => col.references('service_orders.id').onDelete('cascade'))
    .addColumn('company_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('tax_code', 'varchar(14)', (col) => col.notNull())
    .addColumn('address', 'varchar(300)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('requested_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('status', 'varchar(12)', (col) => col.notNull().defaultTo('REQUESTED'))
    .addColumn('provider_ref', 'varchar(100)');
  table = addTimestampColumn(table, 'created_at', dialect, { defaultNow: true });
  table = addTimestampColumn(table, 'issued_at', dialect, { nullable: true })
    .addCheckConstraint('vat_invoice_requests_one_target', sql`(order_id is null) <> (service_order_id is null)`)
    .addCheckConstraint('vat_invoice_requests_status_known', sql`status in ('REQUESTED', 'ISSUED')`)
    .addCheckConstraint('vat_invoice_requests_issued_has_ref', sql`status <> 'ISSUED' or (provider_ref is not null and issued_at is not null)`);
  await table.execute();
  await db.schema.createIndex('vat_invoice_requests_order_uq').on('vat_invoice_requests').column('order_id').unique().execute();
  await db.schema.createIndex('vat_invoice_requests_service_order_uq').on('vat_invoice_requests').column('service_order_id').unique().execute();
  await db.schema.createIndex('vat_invoice_requests_status_idx').on('vat_invoice_requests').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vat_invoice_requests').ifExists().execute();
}
