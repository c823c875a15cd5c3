import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Points spent at the service counter (issue 67 §4): the customer's consent is a 6-digit code they show the clerk
 * (loyalty_counter_codes: kept hashed, 5 minutes, used once, for the invoice it paid part of), and a service invoice
 * keeps the points it used and their worth (its `total` is already lowered by the worth: what is left to pay).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let codes = addIdColumn(db.schema.createTable('loyalty_counter_codes'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('used_for_invoice_id', 'integer', (col) => col.references('service_invoices.id'));
  codes = addTimestampColumn(codes, 'expires_at', dialect);
  codes = addTimestampColumn(codes, 'used_at', dialect, { nullable: true });
  codes = addTimestampColumn(codes, 'created_at', dialect, { defaultNow: true });
  await codes.execute();
  await db.schema.createIndex('loyalty_counter_codes_user_idx').on('loyalty_counter_codes').columns(['user_id', 'code_hash']).execute();
  await db.schema.createIndex('loyalty_counter_codes_invoice_idx').on('loyalty_counter_codes').column('used_for_invoice_id').where(sql.ref('used_for_invoice_id'), 'is not', null).execute();

  await db.schema.alterTable('service_invoices').addColumn('points_used', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('service_invoices').addColumn('points_value', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('service_invoices').dropColumn('points_value').execute();
  await db.schema.alterTable('service_invoices').dropColumn('points_used').execute();
  await db.schema.dropTable('loyalty_counter_codes').ifExists().execute();
}
