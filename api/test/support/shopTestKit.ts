import type { Kysely } from 'kysely';
import { vietnamDateOf, type Cart, type Order, type PromotionCategory } from 'shared-contracts/schemas';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/schema';
import { addOnHand } from '../../src/modules/stockLocations/centreStockMoves';
import { onlineStock, setWarehouseStock } from '../../src/modules/stockLocations/onlineStock';
import { bearer, startAuthApp, type AuthTestApp } from './authTestKit';

export { bearer };

/** The API on a seeded scratch database, with a manual clock and the test config. */
export async function startShopApp(db: Kysely<Database>): Promise<AuthTestApp> {
  return startAuthApp(db);
}

let sequence = 0;
const unique = () => `${process.pid % 10000}-${Date.now() % 1_000_000}-${(sequence += 1)}`;

export interface TestUser {
  id: number;
  email: string;
  token: string;
  headers: { authorization: string };
}

/** A user of `role` straight in the database, with an access token. */
/** A signed-up user who verified their email (the notification centre emails verified addresses only). */
export async function createUser(
  app: App,
  db: Kysely<Database>,
  options: { role?: 'customer' | 'staff' | 'technician' | 'manager' | 'admin'; dateOfBirth?: string | null } = {},
): Promise<TestUser> {
  const role = options.role ?? 'customer';
  const email = `shop.${unique()}@example.vn`;
  const row = await db
    .insertInto('users')
    .values({ email, password_hash: null, full_name: 'Trần Thị Mua Hàng', role, date_of_birth: options.dateOfBirth ?? '1990-01-15', email_verified_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await app.accessTokens.issue({ userId: row.id, role });
  return { id: row.id, email, token, headers: bearer(token) };
}

/** A product of a category of `group` (parts, accessories, equipment) with this price and stock. */
export async function createProduct(
  db: Kysely<Database>,
  options: { price: number; stock: number; group?: PromotionCategory; active?: boolean; name?: string },
): Promise<{ id: number; name: string; price: number }> {
  const category = await db
    .selectFrom('catalogue_categories')
    .select('id')
    .where('promo_group', '=', options.group ?? 'parts')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const brand = await db.selectFrom('catalogue_brands').select('id').orderBy('id').executeTakeFirstOrThrow();
  const suffix = unique();
  const name = options.name ?? `Linh kiện thử nghiệm ${suffix}`;
  const row = await db
    .insertInto('products')
    .values({
      sku: `TEST-${suffix}`,
      slug: `linh-kien-thu-${suffix}`,
      name,
      category_id: category.id,
      brand_id: brand.id,
      price: options.price,
      original_price: null,
      description: 'Sản phẩm dùng cho kiểm thử.',
      is_active: options.active === false ? 0 : 1,
      search_text: 'linh kien thu nghiem',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its stock sits in the online warehouse (an OPENING movement).
  if (options.stock > 0) await setWarehouseStock(db, row.id, options.stock);
  return { id: row.id, name, price: options.price };
}

/** Online availability: what the shipping locations have of the product, less what is reserved there. */
export async function stockOf(db: Kysely<Database>, productId: number): Promise<number> {
  const row = await db.selectFrom('products').select(onlineStock('products.id').as('stock')).where('id', '=', productId).executeTakeFirstOrThrow();
  return Number(row.stock);
}

/** Sets the online warehouse's available units of a product (an ADJUST movement of the difference). */
export async function setOnlineStock(db: Kysely<Database>, productId: number, available: number): Promise<void> {
  await setWarehouseStock(db, productId, available);
}

export async function promotionUsage(db: Kysely<Database>, code: string): Promise<number> {
  const row = await db.selectFrom('promotions').select('used_count').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.used_count);
}

/** A fresh promotion (a copy of SAVE500K's shape unless overridden), live from an hour ago for 30 days. */
export async function createPromotion(
  db: Kysely<Database>,
  overrides: Partial<{
    code: string;
    type: 'percentage' | 'fixed' | 'shipping';
    value: number;
    minOrder: number;
    maxDiscount: number | null;
    usageLimit: number;
    perCustomerLimit: number;
    categories: PromotionCategory[] | null;
    eligibility: string;
  }> = {},
): Promise<string> {
  const code = overrides.code ?? `TEST${(sequence += 1)}${Date.now() % 100000}`;
  const now = Date.now();
  await db
    .insertInto('promotions')
    .values({
      code,
      title: 'Ưu đãi thử nghiệm',
      description: 'Dùng cho kiểm thử.',
      type: overrides.type ?? 'fixed',
      value: overrides.value ?? 100_000,
      min_order: overrides.minOrder ?? 0,
      max_discount: overrides.maxDiscount ?? null,
      usage_limit: overrides.usageLimit ?? 100,
      per_customer_limit: overrides.perCustomerLimit ?? 1,
      categories: overrides.categories ? JSON.stringify(overrides.categories) : null,
      kind: 'general',
      eligibility: overrides.eligibility ?? 'everyone',
      image: JSON.stringify({ path: 'promotions/x.svg', width: 1200, height: 400, alt: 'x' }),
      is_active: 1,
      valid_from: new Date(now - 3_600_000).toISOString(),
      valid_to: new Date(now + 30 * 86_400_000).toISOString(),
    })
    .execute();
  return code;
}

export const pickupAt = (centreId: number) => ({ method: 'pickup' as const, centreId });
export const deliveryTo = (province = 'Hà Nội') => ({
  method: 'delivery' as const,
  address: { province, ward: 'Phường Cửa Nam', street: '12 Tràng Thi' },
});

let keys = 0;
export const newIdempotencyKey = () => `order-key-${process.pid}-${Date.now()}-${(keys += 1)}`;

export interface OrderBody {
  items: Array<{ kind: 'product' | 'package'; refId: number; quantity: number; price?: number }>;
  promoCode?: string;
  recipientName?: string;
  phone?: string;
  fulfilment?: ReturnType<typeof deliveryTo> | ReturnType<typeof pickupAt>;
  paymentMethod?: 'COD' | 'VIETQR' | 'PAY_AT_PICKUP';
  note?: string;
  /** Members' points to pay with. */
  points?: number;
  subtotal?: number;
  total?: number;
}

export function orderBody(body: OrderBody) {
  return {
    recipientName: 'Trần Thị Mua Hàng',
    phone: '0912 345 678',
    fulfilment: deliveryTo(),
    paymentMethod: 'COD' as const,
    ...body,
  };
}

/** POST /api/orders with an Idempotency-Key (a fresh one unless given). */
export function postOrder(app: App, user: TestUser, body: OrderBody, key: string = newIdempotencyKey()) {
  return app.inject({ method: 'POST', url: '/api/orders', headers: { ...user.headers, 'idempotency-key': key }, payload: orderBody(body) });
}

export const orderOf = (response: { json(): unknown }): Order => (response.json() as { data: Order }).data;
export const cartOf = (response: { json(): unknown }): Cart => (response.json() as { data: Cart }).data;

/** The first service centre (the online warehouse is a stock location, not a centre). */
export async function firstCentreId(db: Kysely<Database>): Promise<number> {
  return (await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow()).id;
}

/** What a centre has available of a product (on_hand − reserved; 0 without a stock row). */
export async function centreAvailable(db: Kysely<Database>, centreId: number, productId: number): Promise<number> {
  const row = await db.selectFrom('centre_stock').select(['on_hand', 'reserved']).where('centre_id', '=', centreId).where('product_id', '=', productId).executeTakeFirst();
  return row ? Number(row.on_hand) - Number(row.reserved) : 0;
}

/** Puts `quantity` more units of a product on a centre's shelf (pick-up orders reserve there), an OPENING movement. */
export async function stockCentre(db: Kysely<Database>, centreId: number, productId: number, quantity: number): Promise<void> {
  await db.transaction().execute((trx) => addOnHand(trx, { centreId, productId, quantity, kind: 'OPENING', transferId: null, actorId: null, reason: 'Tồn đầu kỳ' }));
}

let transferReferences = 0;

/**
 * The desk records the transfer the bank statement shows for an order (POST /staff/web-orders/:code/transfers): the
 * one paid path, as a webhook's transfer. `on` is the transfer's day (the app's clock, which a test may have moved).
 */
export function recordTransferFor(app: App, user: TestUser, code: string, amount: number, on: Date, bankReference = `FT${process.pid}${Date.now()}${(transferReferences += 1)}`) {
  return app.inject({
    method: 'POST',
    url: `/api/staff/web-orders/${encodeURIComponent(code)}/transfers`,
    headers: user.headers,
    payload: { amount, bankReference, transferredOn: vietnamDateOf(on) },
  });
}

/** A web-order desk action on the order, at the version the desk reads now. */
export async function deskAction(app: App, user: TestUser, code: string, action: string, extra: Record<string, unknown> = {}) {
  const detail = await app.inject({ method: 'GET', url: `/api/staff/web-orders/${encodeURIComponent(code)}`, headers: user.headers });
  if (detail.statusCode !== 200) return detail;
  const { version } = (detail.json() as { data: { version: number } }).data;
  return app.inject({ method: 'POST', url: `/api/staff/web-orders/${encodeURIComponent(code)}/actions`, headers: user.headers, payload: { action, version, ...extra } });
}
