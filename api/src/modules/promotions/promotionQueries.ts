import type { Kysely, Selectable } from 'kysely';
import { isLoyaltyTier, type Promotion, type PromotionEligibility, type PromotionKind, type PromotionType, type SavedPromotion } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database, PromotionsTable } from '../../db/schema';
import { catalogueMediaUrl } from '../media';
import { parseCategories, parseJson, type StoredImageJson } from '../catalogue';

export function toPromotion(row: Selectable<PromotionsTable>): Promotion {
  const image = parseJson<StoredImageJson | null>(row.image, null);
  const promotion: Promotion = {
    id: row.id,
    code: row.code,
    title: row.title,
    description: row.description,
    type: row.type as PromotionType,
    value: toNumber(row.value),
    minOrder: toNumber(row.min_order),
    validFrom: toIsoUtc(row.valid_from),
    validTo: toIsoUtc(row.valid_to),
    isActive: toNumber(row.is_active) === 1,
    usageLimit: toNumber(row.usage_limit),
    usedCount: toNumber(row.used_count),
    image: image ? catalogueMediaUrl(image.path) : '',
    imageWidth: image?.width ?? 1200,
    imageHeight: image?.height ?? 400,
    kind: row.kind as PromotionKind,
    eligibility: row.eligibility as PromotionEligibility,
    perCustomerLimit: toNumber(row.per_customer_limit),
  };
  if (row.max_discount !== null) promotion.maxDiscount = toNumber(row.max_discount);
  if (isLoyaltyTier(row.min_tier)) promotion.minTier = row.min_tier;
  const categories = parseCategories(row.categories);
  if (categories && categories.length > 0) promotion.category = categories;
  return promotion;
}

/** Whether a promotion can be used at `now`: switched on, inside its window, not used up. */
export function isLive(promotion: Promotion, now: Date): boolean {
  const at = now.getTime();
  return (
    promotion.isActive &&
    Date.parse(promotion.validFrom) <= at &&
    at < Date.parse(promotion.validTo) &&
    promotion.usedCount < promotion.usageLimit
  );
}

/**
 * The promotions on offer at `now` (switched on, inside their window, not used up), optionally of one kind,
 * in display order.
 */
export async function listActivePromotions(db: Kysely<Database>, now: Date, kind?: PromotionKind): Promise<Promotion[]> {
  const at = now.toISOString();
  let query = db
    .selectFrom('promotions')
    .selectAll()
    .where('is_active', '=', 1)
    .where('valid_from', '<=', at)
    .where('valid_to', '>', at)
    .whereRef('used_count', '<', 'usage_limit');
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.orderBy('sort_order').orderBy('id').execute();
  return rows.map(toPromotion);
}

export async function findPromotionById(db: Kysely<Database>, id: number): Promise<Promotion | null> {
  const row = await db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toPromotion(row) : null;
}

/** What a user saved, most recent first (expired ones included: the page shows them as ended). */
export async function listSavedPromotions(db: Kysely<Database>, userId: number): Promise<SavedPromotion[]> {
  const rows = await db
    .selectFrom('saved_promotions')
    .innerJoin('promotions', 'promotions.id', 'saved_promotions.promotion_id')
    .selectAll('promotions')
    .select('saved_promotions.saved_at')
    .where('saved_promotions.user_id', '=', userId)
    .orderBy('saved_promotions.saved_at', 'desc')
    .orderBy('promotions.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...toPromotion(row), savedAt: toIsoUtc(row.saved_at) }));
}

/** Saves a promotion for a user; saving it again changes nothing. */
export async function savePromotion(db: Kysely<Database>, userId: number, promotionId: number): Promise<void> {
  await db
    .insertInto('saved_promotions')
    .values({ user_id: userId, promotion_id: promotionId })
    .onConflict((oc) => oc.columns(['user_id', 'promotion_id']).doNothing())
    .execute();
}

/** Removes a saved promotion; returns whether one was saved. */
export async function unsavePromotion(db: Kysely<Database>, userId: number, promotionId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_promotions')
    .where('user_id', '=', userId)
    .where('promotion_id', '=', promotionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
