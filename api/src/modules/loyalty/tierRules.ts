import type { Kysely, Selectable } from 'kysely';
import { ERROR_CODES, LOYALTY_SETTINGS_LABELS, LOYALTY_TIER_LABELS, LOYALTY_TIERS, type LoyaltyRankedTier, type LoyaltyTier, type LoyaltyTierRulesChange, type LoyaltyTierRulesOverview } from 'shared-contracts/schemas';
import type { LoyaltyTierRulesTable } from '../../db/loyaltySchema';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';

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

/** A change asked for "now" by a clock slightly behind the server's is taken as now; earlier than this is the past. */
const NOW_GRACE_MS = 60_000;

export const tierRulesMessages = {
  changed: 'Đã lưu thay đổi quy định hạng thành viên.',
  pastEffectiveFrom: `${LOYALTY_SETTINGS_LABELS.effectiveFrom}: không được chọn thời điểm trong quá khứ (thay đổi không áp dụng hồi tố).`,
} as const;

async function tierRulesHistory(db: Db): Promise<LoyaltyTierRulesChange[]> {
  const rows = await db
    .selectFrom('loyalty_tier_rules')
    .leftJoin('users', 'users.id', 'loyalty_tier_rules.changed_by')
    .selectAll('loyalty_tier_rules')
    .select('users.full_name')
    .orderBy('loyalty_tier_rules.effective_from', 'desc')
    .orderBy('loyalty_tier_rules.id', 'desc')
    .execute();
  return rows.map((row) => {
    const rules = toTierRules(row);
    return {
      id: row.id,
      tiers: LOYALTY_TIERS.map((code) => ({ code, label: LOYALTY_TIER_LABELS[code], minSpend: code === 'MEMBER' ? 0 : rules.minSpend[code], multiplierPercent: rules.multiplierPercent[code] })),
      effectiveFrom: toIsoUtc(row.effective_from),
      createdAt: toIsoUtc(row.created_at),
      changedBy: row.changed_by === null ? null : { id: row.changed_by, fullName: row.full_name ?? '' },
    };
  });
}

/** GET /api/admin/loyalty/tiers: the tiers' rules in force at `now` and every change (the future ones included). */
export async function tierRulesOverview(db: Db, now: Date): Promise<LoyaltyTierRulesOverview> {
  const [rules, history] = await Promise.all([tierRulesAt(db, now), tierRulesHistory(db)]);
  const current = history.find((change) => change.id === rules.id);
  if (!current) throw new Error(`loyalty tier rules ${rules.id} vanished`);
  return { current, history };
}

/**
 * POST /api/admin/loyalty/tiers: a new row, never an update, in force from the instant asked for or just after now. A
 * sale earns under the rules of when it was paid, and the next daily review applies the new minimums: nothing earned
 * is rewritten. A past instant is refused (422).
 */
export async function changeTierRules(db: Db, adminId: number, input: TierRulesChangeInput, now: Date): Promise<LoyaltyTierRulesOverview> {
  const asked = input.effectiveFrom === undefined ? null : new Date(input.effectiveFrom);
  if (asked !== null && asked.getTime() < now.getTime() - NOW_GRACE_MS) {
    throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, tierRulesMessages.pastEffectiveFrom, [{ field: 'effectiveFrom', message: tierRulesMessages.pastEffectiveFrom }]);
  }
  const effectiveFrom = new Date(Math.max(asked?.getTime() ?? 0, now.getTime() + 1));
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
