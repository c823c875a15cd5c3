import type { Insertable, Kysely, Transaction } from 'kysely';
import type { PromotionCategory, PromotionEligibility, PromotionKind, PromotionType } from 'shared-contracts/schemas';
import type { Database, PromotionsTable } from '../../db/schema';
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

/** What the back office's editor sets (catalogueAdmin): every column but the id, the used count and the version. */
export type PromotionEditorValues = Omit<Insertable<PromotionsTable>, 'id' | 'used_count' | 'version'>;

/** A new promotion from the editor, at version 1 and used by nobody; a taken code fails the unique index. */
export async function insertEditedPromotion(trx: Transaction<Database>, values: PromotionEditorValues): Promise<number> {
  return (await trx.insertInto('promotions').values({ ...values, used_count: 0, version: 1 }).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * The editor's save as one guarded statement: it applies only to the version read and while the used count is
 * within the new limit (a redemption committed since the read may have raised it). True when it applied.
 */
export async function saveEditedPromotion(trx: Transaction<Database>, id: number, values: PromotionEditorValues, guard: { version: number; usageLimit: number }): Promise<boolean> {
  const updated = await trx
    .updateTable('promotions')
    .set({ ...values, version: guard.version + 1 })
    .where('id', '=', id)
    .where('version', '=', guard.version)
    .where('used_count', '<=', guard.usageLimit)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The editor's pause (false) or resume (true) of the version read. True when it applied. */
export async function setEditedPromotionActive(trx: Transaction<Database>, id: number, isActive: boolean, version: number): Promise<boolean> {
  const updated = await trx.updateTable('promotions').set({ is_active: isActive ? 1 : 0, version: version + 1 }).where('id', '=', id).where('version', '=', version).executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
