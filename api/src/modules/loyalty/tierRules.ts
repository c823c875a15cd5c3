import type { Kysely, Selectable } from 'kysely';
import { LOYALTY_TIER_LABELS, LOYALTY_TIERS, type LoyaltyRankedTier, type LoyaltyTier, type LoyaltyTierRulesChange, type LoyaltyTierRulesOverview } from 'shared-contracts/schemas';
import type { LoyaltyTierRulesTable } from '../../db/loyaltySchema';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { changedByOf, effectiveFromOf, overviewOf, pastEffectiveFromMessage, RULE_HISTORY_LIMIT } from './ruleChanges';

type Db = Kysely<Database>;

/** The tiers' rules in force at an instant: each tier's minimum spend over 12 months and points multiplier (%). */
export interface TierRules {
  id: number;
  minSpend: Record<LoyaltyRankedTier, number>;
  multiplierPercent: Record<LoyaltyTier, number>;
}

function toTierRules(row: Selectable<LoyaltyTierRulesTable>): TierRules {
  return {
    id: row.id,
    minSpend: { SILVER: toNumber(row.silver_min_spend), GOLD: toNumber(row.gold_min_spend), DIAMOND: toNumber(row.diamond_min_spend) },
    multiplierPercent: { MEMBER: 100, SILVER: row.silver_multiplier, GOLD: row.gold_multiplier, DIAMOND: row.diamond_multiplier },
  };
}

/** The tiers' rules in force at `at`: the latest change effective by then (the migration's first rules otherwise). */
export async function tierRulesAt(db: Db, at: Date): Promise<TierRules> {
  const row =
    (await db.selectFrom('loyalty_tier_rules').selectAll().where('effective_from', '<=', at.toISOString()).orderBy('effective_from', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()) ??
    (await db.selectFrom('loyalty_tier_rules').selectAll().orderBy('effective_from').orderBy('id').limit(1).executeTakeFirstOrThrow());
  return toTierRules(row);
}

/** The change asked for, as its schema leaves it. */
export interface TierRulesChangeInput {
  silverMinSpend: number;
  goldMinSpend: number;
  diamondMinSpend: number;
  silverMultiplierPercent: number;
  goldMultiplierPercent: number;
  diamondMultiplierPercent: number;
  effectiveFrom?: string | undefined;
}

export const tierRulesMessages = {
  changed: 'Đã lưu thay đổi quy định hạng thành viên.',
  pastEffectiveFrom: pastEffectiveFromMessage,
} as const;

/** The latest changes of the tiers' rules, the newest effective first, with who made them (`only`: that one change). */
async function tierRulesHistory(db: Db, only?: number): Promise<LoyaltyTierRulesChange[]> {
  const rows = await db
    .selectFrom('loyalty_tier_rules')
    .leftJoin('users', 'users.id', 'loyalty_tier_rules.changed_by')
    .selectAll('loyalty_tier_rules')
    .select('users.full_name')
    .$if(only !== undefined, (query) => query.where('loyalty_tier_rules.id', '=', only!))
    .orderBy('loyalty_tier_rules.effective_from', 'desc')
    .orderBy('loyalty_tier_rules.id', 'desc')
    .limit(RULE_HISTORY_LIMIT)
    .execute();
  return rows.map((row) => {
    const rules = toTierRules(row);
    return {
      id: row.id,
      tiers: LOYALTY_TIERS.map((code) => ({ code, label: LOYALTY_TIER_LABELS[code], minSpend: code === 'MEMBER' ? 0 : rules.minSpend[code], multiplierPercent: rules.multiplierPercent[code] })),
      effectiveFrom: toIsoUtc(row.effective_from),
      createdAt: toIsoUtc(row.created_at),
      changedBy: changedByOf(row),
    };
  });
}

/** GET /api/admin/loyalty/tiers: the tiers' rules in force at `now` and the latest changes (the future ones included). */
export async function tierRulesOverview(db: Db, now: Date): Promise<LoyaltyTierRulesOverview> {
  const [rules, history] = await Promise.all([tierRulesAt(db, now), tierRulesHistory(db)]);
  return overviewOf(rules.id, history, (id) => tierRulesHistory(db, id));
}

/**
 * POST /api/admin/loyalty/tiers: a new row, never an update, in force from the instant asked for or just after now. A
 * sale earns under the rules of when it was paid, and the next daily review applies the new minimums: nothing earned
 * is rewritten. A past instant is refused (422).
 */
export async function changeTierRules(db: Db, adminId: number, input: TierRulesChangeInput, now: Date): Promise<LoyaltyTierRulesOverview> {
  const effectiveFrom = effectiveFromOf(input.effectiveFrom, now);
  await db
    .insertInto('loyalty_tier_rules')
    .values({
      silver_min_spend: input.silverMinSpend,
      gold_min_spend: input.goldMinSpend,
      diamond_min_spend: input.diamondMinSpend,
      silver_multiplier: input.silverMultiplierPercent,
      gold_multiplier: input.goldMultiplierPercent,
      diamond_multiplier: input.diamondMultiplierPercent,
      changed_by: adminId,
      effective_from: effectiveFrom.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return tierRulesOverview(db, now);
}
