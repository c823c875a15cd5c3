import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  formatVndPlain,
  isLoyaltyTier,
  LOYALTY_TIER_LABELS,
  loyaltyTierRank,
  MEMBER_PRICES_PAGE_SIZE,
  memberPriceMessages,
  type LoyaltyRankedTier,
  type MemberPrice,
  type MemberPricePage,
  type ProductMemberPrice,
} from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { invalidateCatalogue } from '../catalogue';

type Db = Kysely<Database>;

/** A member's price of a product: the lowest in force for their tier or a lower one, and the tier that gives it. */
export interface MemberPriceOffer {
  price: number;
  tier: LoyaltyRankedTier;
}

const isRankedTier = (value: string): value is LoyaltyRankedTier => isLoyaltyTier(value) && value !== 'MEMBER';

/**
 * The member prices `userId` gets for `productIds` in force at `now` (written by then, not ended by then), in one
 * query joined to the member's tier (no tier row: Thành viên, none). The caller keeps one only when below the price now.
 */
export async function memberPricesFor(db: Db, userId: number, productIds: readonly number[], now: Date): Promise<Map<number, MemberPriceOffer>> {
  const offers = new Map<number, MemberPriceOffer>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return offers;
  const rows = await db
    .selectFrom('loyalty_member_prices')
    .innerJoin('member_tiers', (join) => join.on('member_tiers.user_id', '=', userId))
    .select(['loyalty_member_prices.product_id', 'loyalty_member_prices.min_tier', 'loyalty_member_prices.price', 'member_tiers.tier'])
    .where('loyalty_member_prices.product_id', 'in', ids)
    .where('loyalty_member_prices.created_at', '<=', now.toISOString())
    .where((eb) => eb.or([eb('loyalty_member_prices.ended_at', 'is', null), eb('loyalty_member_prices.ended_at', '>', now.toISOString())]))
    .execute();
  for (const row of rows) {
    if (!isRankedTier(row.min_tier) || !isLoyaltyTier(row.tier) || loyaltyTierRank(row.min_tier) > loyaltyTierRank(row.tier)) continue;
    const price = toNumber(row.price);
    const best = offers.get(row.product_id);
    if (!best || price < best.price || (price === best.price && loyaltyTierRank(row.min_tier) < loyaltyTierRank(best.tier))) offers.set(row.product_id, { price, tier: row.min_tier });
  }
  return offers;
}

/**
 * The product page's member prices (one query by product id): those in force below `currentPrice`, lowest tier first,
 * a tier's shown only when below every lower tier's (a member gets the lowest of theirs and the lower tiers').
 */
export async function productMemberPrices(db: Db, productId: number, currentPrice: number, now: Date): Promise<ProductMemberPrice[]> {
  const rows = await db
    .selectFrom('loyalty_member_prices')
    .select(['min_tier', 'price'])
    .where('product_id', '=', productId)
    .where('created_at', '<=', now.toISOString())
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', now.toISOString())]))
    .execute();
  const ranked = rows.flatMap((row) => (isRankedTier(row.min_tier) ? [{ tier: row.min_tier, price: toNumber(row.price) }] : []));
  ranked.sort((a, b) => loyaltyTierRank(a.tier) - loyaltyTierRank(b.tier));
  const shown: ProductMemberPrice[] = [];
  let lowest = currentPrice;
  for (const { tier, price } of ranked) {
    if (price >= lowest) continue;
    lowest = price;
    shown.push({ tier, tierLabel: LOYALTY_TIER_LABELS[tier], price });
  }
  return shown;
}

function withProduct(db: Db) {
  return db
    .selectFrom('loyalty_member_prices')
    .innerJoin('products', 'products.id', 'loyalty_member_prices.product_id')
    .leftJoin('users', 'users.id', 'loyalty_member_prices.created_by');
}

const inForce = (db: Db) => withProduct(db).where('loyalty_member_prices.ended_at', 'is', null);

async function memberPriceById(db: Db, id: number): Promise<MemberPrice> {
  const row = await withProduct(db).select(VIEW_COLUMNS).where('loyalty_member_prices.id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound(memberPriceMessages.notFound);
  return toMemberPrice(row);
}

const VIEW_COLUMNS = [
  'loyalty_member_prices.id',
  'loyalty_member_prices.product_id',
  'loyalty_member_prices.min_tier',
  'loyalty_member_prices.price',
  'loyalty_member_prices.created_at',
  'loyalty_member_prices.created_by',
  'products.name',
  'products.sku',
  'products.slug',
  'products.price as normal_price',
  'users.full_name',
] as const;

interface ViewRow {
  id: number;
  product_id: number;
  min_tier: string;
  price: number | string;
  created_at: Date | string;
  created_by: number | null;
  name: string;
  sku: string;
  slug: string;
  normal_price: number | string;
  full_name: string | null;
}

function toMemberPrice(row: ViewRow): MemberPrice {
  const tier = isRankedTier(row.min_tier) ? row.min_tier : 'SILVER';
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.name,
    sku: row.sku,
    slug: row.slug,
    normalPrice: toNumber(row.normal_price),
    minTier: tier,
    tierLabel: LOYALTY_TIER_LABELS[tier],
    price: toNumber(row.price),
    createdAt: toIsoUtc(row.created_at),
    createdBy: row.created_by === null ? null : { id: row.created_by, fullName: row.full_name ?? '' },
  };
}

/** GET /api/admin/loyalty/member-prices: a page of the member prices in force, newest first. */
export async function listMemberPrices(db: Db, page: number): Promise<MemberPricePage> {
  const [rows, count] = await Promise.all([
    inForce(db)
      .select(VIEW_COLUMNS)
      .orderBy('loyalty_member_prices.id', 'desc')
      .limit(MEMBER_PRICES_PAGE_SIZE)
      .offset((page - 1) * MEMBER_PRICES_PAGE_SIZE)
      .execute(),
    inForce(db).select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  const total = toNumber(count?.total ?? 0);
  return { items: rows.map(toMemberPrice), page, pageSize: MEMBER_PRICES_PAGE_SIZE, total, totalPages: Math.ceil(total / MEMBER_PRICES_PAGE_SIZE) };
}

/** A unique-constraint violation of PostgreSQL (23505) or SQLite: another admin set the same tier's price at once. */
function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * POST /api/admin/loyalty/member-prices: the price members of `minTier` or higher pay for the product, below its
 * normal price (422 otherwise); the one in force for that tier is ended and a new row written, so the history stays
 * and a placed order (its lines keep their unit price) never changes.
 */
export async function setMemberPrice(db: Db, actorId: number, input: { productId: number; minTier: LoyaltyRankedTier; price: number }, now: Date): Promise<MemberPrice> {
  if (input.price < 1) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, memberPriceMessages.price, [{ field: 'price', message: memberPriceMessages.price }]);
  const product = await db.selectFrom('products').select(['id', 'price']).where('id', '=', input.productId).executeTakeFirst();
  if (!product) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, memberPriceMessages.productNotFound, [{ field: 'productId', message: memberPriceMessages.productNotFound }]);
  const normalPrice = toNumber(product.price);
  if (input.price >= normalPrice) {
    const message = memberPriceMessages.notBelow(formatVndPlain(normalPrice));
    throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, message, [{ field: 'price', message }]);
  }
  const at = now.toISOString();
  const write = () =>
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable('loyalty_member_prices')
        .set({ ended_at: at, ended_by: actorId })
        .where('product_id', '=', input.productId)
        .where('min_tier', '=', input.minTier)
        .where('ended_at', 'is', null)
        .execute();
      const row = await trx
        .insertInto('loyalty_member_prices')
        .values({ product_id: input.productId, min_tier: input.minTier, price: input.price, created_by: actorId, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  let id: number;
  try {
    id = await write();
  } catch (error) {
    // Two admins at once: the later one ends the price the first just wrote.
    if (!isUniqueViolation(error)) throw error;
    id = await write();
  }
  invalidateCatalogue();
  return memberPriceById(db, id);
}

/** DELETE /api/admin/loyalty/member-prices/:id: ends a member price in force (404 when ended or unknown); answers it. */
export async function endMemberPrice(db: Db, actorId: number, id: number, now: Date): Promise<MemberPrice> {
  const result = await db
    .updateTable('loyalty_member_prices')
    .set({ ended_at: now.toISOString(), ended_by: actorId })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw AppError.notFound(memberPriceMessages.notFound);
  invalidateCatalogue();
  return memberPriceById(db, id);
}
