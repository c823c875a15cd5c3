import { sql, type Insertable, type Transaction } from 'kysely';
import { vietnamInstant } from 'shared-contracts/schemas';
import { toNumber } from '../src/db/portable';
import type { Database } from '../src/db/schema';
import { orderCodeFor } from '../src/modules/orders';
import { DEMO_HISTORY_CUSTOMERS } from './demoHistoryPeople';
import { seededRandom, type Random } from './demoRandom';
import { inBatches, SEED_BATCH } from './seedBatches';

/**
 * The web shop's past orders for the demo history: a few a day from the demo customers (DEMO_HISTORY_CUSTOMERS),
 * COMPLETED and PAID, still on their way (yesterday's), or CANCELLED, with their lines and status history. Each day
 * draws from its own PRNG (`shop|<date>`). Stock is not touched (it is history), as seedDemoOrders does.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const KEY_PREFIX = 'seed-history-';

type Trx = Transaction<Database>;
type DemoCustomer = (typeof DEMO_HISTORY_CUSTOMERS)[number];
/** A status change: status, payment status, when, note. */
type ShopStep = [string, string, number, string | null];

/** What the orders draw from: the demo customers' accounts, the products on sale, the pickup centres. */
interface ShopSetting {
  customers: Array<{ id: number; email: string }>;
  products: ShopProduct[];
  pickupCentres: Array<{ id: number; slug: string }>;
}

interface ShopProduct {
  id: number;
  slug: string;
  name: string;
  price: number;
  promo_group: string | null;
}

interface PendingShopOrder {
  key: string;
  placed: number;
  values: Insertable<Database['orders']>;
  lines: Array<{ product: ShopProduct; quantity: number }>;
  steps: ShopStep[];
}

const weekday = (date: string) => new Date(`${date}T00:00:00.000Z`).getUTCDay();
const iso = (ms: number) => new Date(ms).toISOString();

/** The web shop's past orders: a few a day, keyed seed-history-<date>-<n> (a day that has one is left alone). */
export async function seedShopHistory(trx: Trx, dates: readonly string[], now: Date): Promise<number> {
  const setting = await loadShopSetting(trx);
  if (setting.customers.length === 0 || setting.products.length === 0 || dates.length === 0) return 0;
  const keysDone = new Set(
    (await trx.selectFrom('orders').select('idempotency_key').where('idempotency_key', 'like', `${KEY_PREFIX}%`).execute()).map((row) => row.idempotency_key.slice(KEY_PREFIX.length, KEY_PREFIX.length + 10)),
  );
  const pendingOrders = dates.filter((date) => !keysDone.has(date)).flatMap((date) => planShopDay(date, setting, now));
  const ids = await insertShopOrders(trx, pendingOrders);
  await insertShopOrderDetails(trx, pendingOrders, ids);
  return pendingOrders.length;
}

/** The demo customers' accounts, the active products up to 8 million VND, and every centre (for pickups). */
async function loadShopSetting(trx: Trx): Promise<ShopSetting> {
  const customers = await trx.selectFrom('users').select(['id', 'email']).where('email', 'in', DEMO_HISTORY_CUSTOMERS.map((c) => c.email)).where('role', '=', 'customer').execute();
  const products = (
    await trx
      .selectFrom('products')
      .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
      .select(['products.id', 'products.slug', 'products.name', 'products.price', 'catalogue_categories.promo_group'])
      .where('products.is_active', '=', 1)
      .where('products.price', '<=', 8_000_000)
      .orderBy('products.id')
      .execute()
  ).map((p) => ({ ...p, price: toNumber(p.price) }));
  const pickupCentres = await trx.selectFrom('service_centres').select(['id', 'slug']).where('kind', '=', 'SERVICE_CENTRE').orderBy('id').execute();
  return { customers, products, pickupCentres };
}

/** One day's orders: one to four (two at least on weekends), each from a demo customer drawn at random. */
function planShopDay(date: string, setting: ShopSetting, now: Date): PendingShopOrder[] {
  const random = seededRandom(`shop|${date}`);
  const count = random.int(weekday(date) === 0 || weekday(date) === 6 ? 2 : 1, 4);
  const orders: PendingShopOrder[] = [];
  for (let n = 0; n < count; n += 1) {
    const customer = DEMO_HISTORY_CUSTOMERS[random.int(0, DEMO_HISTORY_CUSTOMERS.length - 1)]!;
    const user = setting.customers.find((c) => c.email === customer.email);
    if (!user) continue;
    orders.push(planShopOrder(random, { key: `${KEY_PREFIX}${date}-${n}`, date, customer, userId: user.id }, setting, now));
  }
  return orders;
}

/** One order: its basket, delivery or pickup, payment method, and the course it took; the code is set once its id is known. */
function planShopOrder(random: Random, order: { key: string; date: string; customer: DemoCustomer; userId: number }, setting: ShopSetting, now: Date): PendingShopOrder {
  const { key, customer } = order;
  const lines = drawBasket(random, setting.products);
  const subtotal = lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
  const pickup = random.chance(0.3);
  const centre = pickup ? random.pick(setting.pickupCentres) : null;
  const shippingFee = pickup ? 0 : 30_000;
  const shippingDiscount = !pickup && subtotal >= 2_000_000 ? 30_000 : 0;
  const cancelled = random.chance(0.1);
  const method = pickup ? random.pick(['PAY_AT_PICKUP', 'VIETQR'] as const) : random.pick(['COD', 'VIETQR'] as const);
  const placed = vietnamInstant(order.date, '08:00').getTime() + random.int(0, 13 * 60) * MINUTE;
  const { steps, status, payment, paidAt } = drawShopCourse(random, { placed, prepaid: method === 'VIETQR', pickup, cancelled }, now);
  const last = steps[steps.length - 1]![2];
  return {
    key,
    placed,
    values: {
      code: `TMP-${key}`,
      user_id: order.userId,
      status,
      payment_method: method,
      payment_status: payment,
      subtotal,
      discount: 0,
      shipping_fee: shippingFee,
      shipping_discount: shippingDiscount,
      total: subtotal + shippingFee - shippingDiscount,
      promotion_id: null,
      promotion_code: null,
      fulfilment_method: pickup ? 'pickup' : 'delivery',
      province: pickup ? null : customer.province,
      ward: pickup ? null : customer.ward,
      street: pickup ? null : customer.street,
      centre_id: centre?.id ?? null,
      recipient_name: customer.fullName,
      phone: customer.phoneNumber,
      note: null,
      idempotency_key: key,
      request_hash: 'seed-history',
      cancel_reason: cancelled ? 'Khách hủy đơn.' : null,
      paid_at: paidAt === null || payment === 'UNPAID' ? null : iso(paidAt),
      created_at: iso(placed),
      updated_at: iso(last),
    },
    lines,
    steps,
  };
}

/** One to three products (a product drawn twice counts once), one of each dear one, one or two of the others. */
function drawBasket(random: Random, products: readonly ShopProduct[]): Array<{ product: ShopProduct; quantity: number }> {
  const picked = new Map<number, ShopProduct>();
  const lineCount = random.int(1, 3);
  for (let index = 0; index < lineCount; index += 1) {
    const product = random.pick(products);
    picked.set(product.id, product);
  }
  return [...picked.values()].map((product) => ({ product, quantity: product.price > 2_000_000 ? 1 : random.int(1, 2) }));
}

/**
 * The order's status history and where it ended: paid by VietQR first or not, then cancelled, or confirmed, shipped
 * (or ready for pickup) and completed, unless completion would fall within the last hour (yesterday's still on their way).
 */
function drawShopCourse(
  random: Random,
  order: { placed: number; prepaid: boolean; pickup: boolean; cancelled: boolean },
  now: Date,
): { steps: ShopStep[]; status: string; payment: string; paidAt: number | null } {
  const { placed, prepaid, pickup } = order;
  const steps: ShopStep[] = prepaid
    ? [['PENDING_PAYMENT', 'UNPAID', placed, null], ['PLACED', 'PAID', placed + random.int(5, 90) * MINUTE, 'Đã nhận chuyển khoản VietQR.']]
    : [['PLACED', 'UNPAID', placed, null]];
  let paidAt: number | null = prepaid ? steps[1]![2] : null;
  if (order.cancelled) {
    const payment = prepaid ? 'REFUNDED' : 'UNPAID';
    steps.push(['CANCELLED', payment, placed + random.int(1, 20) * 60 * MINUTE, 'Khách hủy đơn.']);
    return { steps, status: 'CANCELLED', payment, paidAt };
  }
  const confirmed = placed + random.int(20, 240) * MINUTE;
  steps.push(['CONFIRMED', prepaid ? 'PAID' : 'UNPAID', confirmed, null]);
  const completed = confirmed + random.int(1, 3) * DAY + random.int(0, 6 * 60) * MINUTE;
  if (pickup) steps.push(['READY_FOR_PICKUP', prepaid ? 'PAID' : 'UNPAID', confirmed + random.int(2, 20) * 60 * MINUTE, null]);
  else steps.push(['SHIPPING', prepaid ? 'PAID' : 'UNPAID', confirmed + random.int(2, 20) * 60 * MINUTE, 'Giao qua đơn vị vận chuyển']);
  const completedAt = Math.max(completed, steps[steps.length - 1]![2] + 60 * MINUTE);
  if (completedAt < now.getTime() - 60 * MINUTE) {
    steps.push(['COMPLETED', 'PAID', completedAt, null]);
    paidAt ??= completedAt;
    return { steps, status: 'COMPLETED', payment: 'PAID', paidAt };
  }
  return { steps, status: steps[steps.length - 1]![0], payment: prepaid ? 'PAID' : 'UNPAID', paidAt };
}

/** The orders in batches, then their codes from their ids (as the shop numbers them); returns their ids by key. */
async function insertShopOrders(trx: Trx, pendingOrders: readonly PendingShopOrder[]): Promise<Map<string, number>> {
  await inBatches(pendingOrders, (chunk) => trx.insertInto('orders').values(chunk.map((o) => o.values)).execute());
  const ids = new Map<string, number>();
  for (let index = 0; index < pendingOrders.length; index += SEED_BATCH) {
    const keys = pendingOrders.slice(index, index + SEED_BATCH).map((o) => o.key);
    const rows = await trx.selectFrom('orders').select(['id', 'idempotency_key']).where('idempotency_key', 'in', keys).execute();
    for (const row of rows) ids.set(row.idempotency_key, row.id);
  }
  await inBatches(pendingOrders, async (chunk) => {
    const codes = chunk.map((o) => [ids.get(o.key)!, orderCodeFor(ids.get(o.key)!, new Date(o.placed))] as const);
    await trx
      .updateTable('orders')
      .set({ code: sql<string>`case id ${sql.join(codes.map(([id, code]) => sql`when ${id} then ${code}`), sql` `)} end` })
      .where('id', 'in', codes.map(([id]) => id))
      .execute();
  });
  return ids;
}

/** The orders' product lines and status history. */
async function insertShopOrderDetails(trx: Trx, pendingOrders: readonly PendingShopOrder[], ids: ReadonlyMap<string, number>): Promise<void> {
  await inBatches(
    pendingOrders.flatMap((o) =>
      o.lines.map(({ product, quantity }) => ({
        order_id: ids.get(o.key)!,
        kind: 'product' as const,
        ref_id: product.id,
        slug: product.slug,
        name: product.name,
        image: null,
        promo_group: product.promo_group,
        unit_price: product.price,
        quantity,
        line_total: product.price * quantity,
      })),
    ),
    (chunk) => trx.insertInto('order_lines').values(chunk).execute(),
  );
  await inBatches(
    pendingOrders.flatMap((o) => o.steps.map(([to, pay, when, note]) => ({ order_id: ids.get(o.key)!, status: to, payment_status: pay, note, actor_user_id: null, created_at: iso(when) }))),
    (chunk) => trx.insertInto('order_status_history').values(chunk).execute(),
  );
}
