import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

/** The company of the demo's VAT-invoice request (a made-up firm; its tax code has a valid check digit). */
export const DEMO_VAT_COMPANY = {
  company_name: 'Công ty TNHH Vận tải Xe Điện Xanh (demo)',
  tax_code: '0100233488',
  address: '25 Trần Hưng Đạo, Phường Cửa Nam, Hà Nội',
  email: 'ketoan@xedienxanh.vn',
} as const;

/**
 * A company VAT-invoice request on the demo customer's latest paid web order (shop-operations §6), REQUESTED, so
 * staff of its desk see the company on the order and can print its invoice, download the XML and issue it.
 * Idempotent (one request per order); 0 without a paid demo order.
 */
export async function seedDemoVatInvoices(db: Kysely<Database>, customerEmail: string): Promise<number> {
  const order = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.user_id'])
    .where('users.email', '=', customerEmail)
    .where('orders.paid_at', 'is not', null)
    .where('orders.status', '!=', 'CANCELLED')
    .where('orders.desk_centre_id', 'is not', null)
    .orderBy('orders.paid_at', 'desc')
    .orderBy('orders.id', 'desc')
    .executeTakeFirst();
  if (!order) return 0;
  await db
    .insertInto('vat_invoice_requests')
    .values({ order_id: order.id, requested_by: order.user_id, ...DEMO_VAT_COMPANY })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute();
  return 1;
}
