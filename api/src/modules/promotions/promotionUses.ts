import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * Takes one use of an active promotion under its usage limit, atomically (`used_count < usage_limit` in the update
 * itself: two checkouts racing for the last use get one each of nothing and one): false when none is left.
 */
export async function takePromotionUse(trx: Db, promotionId: number): Promise<boolean> {
  const used = await trx
    .updateTable('promotions')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', promotionId)
    .whereRef('used_count', '<', 'usage_limit')
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) > 0;
}

/** Takes again the use of a reopened order, whose redemption it still held (the limit was met when it was taken). */
export async function retakePromotionUse(trx: Db, promotionId: number): Promise<void> {
  await trx.updateTable('promotions').set({ used_count: sql<number>`used_count + 1` }).where('id', '=', promotionId).execute();
}

/** Gives back the use of a cancelled order (never below 0). */
export async function givePromotionUseBack(trx: Db, promotionId: number): Promise<void> {
  await trx.updateTable('promotions').set({ used_count: sql<number>`used_count - 1` }).where('id', '=', promotionId).where('used_count', '>', 0).execute();
}
