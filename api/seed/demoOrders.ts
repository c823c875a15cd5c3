import type { Kysely, Selectable } from 'kysely';
import type { OrderStatus } from 'shared-contracts/schemas';
import { toNumber } from '../src/db/portable';
import type { Database, ProductsTable } from '../src/db/schema';
import { imagesFromColumn } from '../src/modules/catalogue';
import { orderCodeFor, provisionalOrderCode, orderRequestHash } from '../src/modules/orders';

/** The Idempotency-Key of the seeded order: what makes re-seeding find it instead of adding another. */
export const DEMO_ORDER_KEY = 'seed-demo-order-1';
const DAY = 86_400_000;

/** The demo customer's larger purchase: what makes their last 12 months' spending reach the Vàng tier (VIP). */
export const DEMO_GOLD_ORDER_KEY = 'seed-demo-order-2';
/** The battery pack the demo customer bought 75 days before the seed (26.500.000 ₫). */
const GOLD_ORDER_SKU = 'BAT-DB-WEAVER';

type DemoCustomer = { id: number; full_name: string; phone_number: string | null };
type DemoProduct = Pick<Selectable<ProductsTable>, 'id' | 'slug' | 'name' | 'images' | 'price'> & { promo_group: string | null };

/**
 * Past orders for the demo customer, so 'Đơn hàng của tôi' is not empty on a fresh install: one delivered 20 days
 * before the seed, and a battery pack delivered 75 days before it (the 12 months' spending of a Vàng member, so the
 * VIP promotions are theirs); COD, paid on delivery, with their full status history. No promotion (the demo customer
 * may still use every code) and no package (no service credits in the booking demo). Stock is not touched: it is
 * history. Idempotent: returns how many demo orders exist (0 without the demo customer or products).
 */
export async function seedDemoOrders(db: Kysely<Database>, customerEmail: string, now: Date = new Date()): Promise<number> {
  const customer = await db.selectFrom('users').select(['id', 'full_name', 'phone_number']).where('email', '=', customerEmail).executeTakeFirst();
  if (!customer) return 0;
  const productRows = () =>
    db
      .selectFrom('products')
      .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
      .select(['products.id', 'products.slug', 'products.name', 'products.images', 'products.price', 'catalogue_categories.promo_group'])
      .where('products.is_active', '=', 1);
  let count = 0;
  if (await hasDemoOrder(db, customer.id, DEMO_ORDER_KEY)) count += 1;
  else {
    const products = await productRows().where('catalogue_categories.slug', 'in', ['cap-sac', 'phu-kien']).orderBy('products.price').limit(2).execute();
    if (products.length > 0) {
      await insertDemoOrder(db, customer, { key: DEMO_ORDER_KEY, lines: products.map((product, index) => ({ product, quantity: index === 0 ? 2 : 1 })), placedAt: new Date(now.getTime() - 20 * DAY) });
      count += 1;
    }
  }
  if (await hasDemoOrder(db, customer.id, DEMO_GOLD_ORDER_KEY)) count += 1;
  else {
    const battery = await productRows().where('products.sku', '=', GOLD_ORDER_SKU).executeTakeFirst();
    if (battery) {
      await insertDemoOrder(db, customer, { key: DEMO_GOLD_ORDER_KEY, lines: [{ product: battery, quantity: 1 }], placedAt: new Date(now.getTime() - 75 * DAY) });
      count += 1;
    }
  }
  return count;
}

async function hasDemoOrder(db: Kysely<Database>, userId: number, key: string): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst()) !== undefined;
}

async function insertDemoOrder(db: Kysely<Database>, customer: DemoCustomer, order: { key: string; lines: { product: DemoProduct; quantity: number }[]; placedAt: Date }): Promise<void> {
  const { lines, placedAt } = order;
  const subtotal = lines.reduce((sum, line) => sum + toNumber(line.product.price) * line.quantity, 0);
  const shippingFee = 30_000;
  const recipientName = customer.full_name;
  const phone = customer.phone_number ?? '0901234567';
  const fulfilment = { method: 'delivery' as const, address: { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '25 Trần Thái Tông' } };
  const row = await db
    .insertInto('orders')
    .values({
      code: provisionalOrderCode(),
      user_id: customer.id,
      status: 'COMPLETED',
      payment_method: 'COD',
      payment_status: 'PAID',
      subtotal,
      discount: 0,
      shipping_fee: shippingFee,
      shipping_discount: 0,
      total: subtotal + shippingFee,
      promotion_id: null,
      promotion_code: null,
      fulfilment_method: 'delivery',
      province: fulfilment.address.province,
      ward: fulfilment.address.ward,
      street: fulfilment.address.street,
      centre_id: null,
      recipient_name: recipientName,
      phone,
      note: 'Giao giờ hành chính.',
      idempotency_key: order.key,
      request_hash: orderRequestHash({
        items: lines.map((line) => ({ kind: 'product', refId: line.product.id, quantity: line.quantity })),
        promoCode: undefined,
        recipientName,
        phone,
        fulfilment,
        paymentMethod: 'COD',
        note: 'Giao giờ hành chính.',
      }),
      cancel_reason: null,
      paid_at: new Date(placedAt.getTime() + 3 * DAY).toISOString(),
      created_at: placedAt.toISOString(),
      updated_at: new Date(placedAt.getTime() + 3 * DAY).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('orders').set({ code: orderCodeFor(row.id, placedAt) }).where('id', '=', row.id).execute();
  await db
    .insertInto('order_lines')
    .values(
      lines.map(({ product, quantity }) => ({
        order_id: row.id,
        kind: 'product' as const,
        ref_id: product.id,
        slug: product.slug,
        name: product.name,
        image: imagesFromColumn(product.images)[0]?.url ?? null,
        promo_group: product.promo_group,
        unit_price: toNumber(product.price),
        quantity,
        line_total: toNumber(product.price) * quantity,
      })),
    )
    .execute();
  const steps: Array<[OrderStatus, 'UNPAID' | 'PAID', number, string | null]> = [
    ['PLACED', 'UNPAID', 0, null],
    ['CONFIRMED', 'UNPAID', 0.1, null],
    ['SHIPPING', 'UNPAID', 1, 'Giao qua đơn vị vận chuyển'],
    ['COMPLETED', 'PAID', 3, null],
  ];
  await db
    .insertInto('order_status_history')
    .values(
      steps.map(([status, paymentStatus, days, note]) => ({
        order_id: row.id,
        status,
        payment_status: paymentStatus,
        note,
        actor_user_id: null,
        created_at: new Date(placedAt.getTime() + days * DAY).toISOString(),
      })),
    )
    .execute();
}
