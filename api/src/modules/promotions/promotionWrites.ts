import type { Kysely } from 'kysely';
import type { PromotionCategory, PromotionEligibility, PromotionKind, PromotionType } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { invalidateCatalogue, type StoredImageJson } from '../catalogue';

export interface PromotionInput {
  code: string;
  title: string;
  description: string;
  type: PromotionType;
  value: number;
  minOrder: number;
  maxDiscount?: number;
  usageLimit: number;
  perCustomerLimit: number;
  categories?: PromotionCategory[];
  kind: PromotionKind;
  eligibility: PromotionEligibility;
  isActive: boolean;
  /** ISO instants (UTC). */
  validFrom: string;
  validTo: string;
  image: StoredImageJson;
  sortOrder: number;
}

/** Inserts a promotion or updates the one with the same code (its used count is left alone). */
export async function upsertPromotion(db: Kysely<Database>, input: PromotionInput): Promise<number> {
  const values = {
    code: input.code,
    title: input.title,
    description: input.description,
    type: input.type,
    value: input.value,
    min_order: input.minOrder,
    max_discount: input.maxDiscount ?? null,
    usage_limit: input.usageLimit,
    per_customer_limit: input.perCustomerLimit,
    categories: input.categories && input.categories.length > 0 ? JSON.stringify(input.categories) : null,
    kind: input.kind,
    eligibility: input.eligibility,
    image: JSON.stringify(input.image),
    is_active: input.isActive ? 1 : 0,
    sort_order: input.sortOrder,
    valid_from: input.validFrom,
    valid_to: input.validTo,
  };
  const row = await db
    .insertInto('promotions')
    .values(values)
    .onConflict((oc) => oc.column('code').doUpdateSet({ ...values, code: undefined }))
    .returning('id')
    .executeTakeFirstOrThrow();
  invalidateCatalogue();
  return row.id;
}

/** Switches a promotion on or off (back office). Returns false when no promotion has that code. */
export async function setPromotionActive(db: Kysely<Database>, code: string, isActive: boolean): Promise<boolean> {
  const result = await db.updateTable('promotions').set({ is_active: isActive ? 1 : 0 }).where('code', '=', code).executeTakeFirst();
  invalidateCatalogue();
  return Number(result.numUpdatedRows) > 0;
}
