import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/schema';

let orders = 0;

/** An order of `userId` in `status` with one line of the product (inserted straight: the order's path has its own tests). */
export async function orderLine(db: Kysely<Database>, userId: number, productId: number, status = 'DELIVERED', kind: 'product' | 'package' = 'product'): Promise<{ orderId: number; lineId: number }> {
  orders += 1;
  const now = new Date().toISOString();
  const order = await db
    .insertInto('orders')
    .values({
      code: `EVREVIEW${process.pid}${orders}`,
      user_id: userId,
      status,
      payment_method: 'COD',
      payment_status: status === 'DELIVERED' || status === 'COMPLETED' ? 'PAID' : 'UNPAID',
      subtotal: 100_000,
      total: 100_000,
      fulfilment_method: 'delivery',
      province: 'Hà Nội',
      ward: 'Phường Cầu Giấy',
      street: '1 Trần Thái Tông',
      centre_id: null,
      promotion_id: null,
      promotion_code: null,
      recipient_name: 'Khách Thử',
      phone: '0912345678',
      note: null,
      idempotency_key: `review-kit-${process.pid}-${orders}`,
      request_hash: 'x'.repeat(64),
      cancel_reason: null,
      paid_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = await db.selectFrom('products').select(['slug', 'name']).where('id', '=', productId).executeTakeFirstOrThrow();
  const line = await db
    .insertInto('order_lines')
    .values({ order_id: order.id, kind, ref_id: productId, slug: product.slug, name: product.name, image: null, promo_group: 'parts', unit_price: 100_000, quantity: 1, line_total: 100_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('order_status_history').values({ order_id: order.id, status, payment_status: 'PAID', note: null, actor_user_id: null, created_at: now }).execute();
  return { orderId: order.id, lineId: line.id };
}
