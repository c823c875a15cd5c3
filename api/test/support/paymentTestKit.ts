import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { orderCodeFor, provisionalOrderCode } from '../../src/modules/orders/orderCode';

let keys = 0;

/**
 * An order straight in the database (one service-package line, no stock: the payment suites test payments, not
 * checkout): by
 * default a VietQR order awaiting its transfer, placed at `createdAt`, at the first centre's desk, with its
 * 'placed' history and timeline step.
 */
export async function insertOrder(
  db: Kysely<Database>,
  userId: number,
  options: { total: number; createdAt: Date; paymentMethod?: 'VIETQR' | 'COD'; status?: 'PENDING_PAYMENT' | 'PLACED' },
): Promise<{ id: number; code: string; total: number }> {
  const centre = await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow();
  const status = options.status ?? (options.paymentMethod === 'COD' ? 'PLACED' : 'PENDING_PAYMENT');
  const at = options.createdAt.toISOString();
  keys += 1;
  const row = await db
    .insertInto('orders')
    .values({
      code: provisionalOrderCode(),
      user_id: userId,
      status,
      payment_method: options.paymentMethod ?? 'VIETQR',
      payment_status: 'UNPAID',
      subtotal: options.total,
      discount: 0,
      shipping_fee: 0,
      shipping_discount: 0,
      total: options.total,
      promotion_id: null,
      promotion_code: null,
      fulfilment_method: 'pickup',
      province: null,
      ward: null,
      street: null,
      centre_id: centre.id,
      desk_centre_id: centre.id,
      recipient_name: 'Trần Thị Mua Hàng',
      phone: '0912345678',
      note: null,
      idempotency_key: `payment-test-${process.pid}-${keys}`,
      request_hash: `payment-test-${keys}`,
      cancel_reason: null,
      paid_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const code = orderCodeFor(row.id, options.createdAt);
  await db.updateTable('orders').set({ code }).where('id', '=', row.id).execute();
  const servicePackage = await db.selectFrom('service_packages').select(['id', 'slug', 'name']).orderBy('id').executeTakeFirstOrThrow();
  await db
    .insertInto('order_lines')
    .values({ order_id: row.id, kind: 'package', ref_id: servicePackage.id, slug: servicePackage.slug, name: servicePackage.name, image: null, promo_group: null, unit_price: options.total, quantity: 1, line_total: options.total })
    .execute();
  await db.insertInto('order_status_history').values({ order_id: row.id, status, payment_status: 'UNPAID', note: null, actor_user_id: userId, created_at: at }).execute();
  await db
    .insertInto('web_order_events')
    .values({ order_id: row.id, action: 'placed', status, payment_status: 'UNPAID', actor_kind: 'customer', actor_user_id: userId, created_at: at })
    .execute();
  return { id: row.id, code, total: options.total };
}
