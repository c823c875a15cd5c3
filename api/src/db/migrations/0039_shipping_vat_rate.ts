import type { Kysely } from 'kysely';

/**
 * The shipping fee's own VAT rate (decision 0054): set from SHIPPING_VAT_RATE when an order is placed, so its
 * receipt and VAT invoice keep the rate in force then. Orders placed before keep 8 %, the rate their receipts
 * were printed with (decision 0046's DEFAULT_SERVICE_VAT_RATE).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('shipping_vat_rate', 'integer', (col) => col.notNull().defaultTo(8))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('shipping_vat_rate').execute();
}
