import type { Kysely } from 'kysely';
import { type LoyaltySettingsChange, type LoyaltySettingsOverview } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { settingsAt } from './loyaltySettings';
import { changedByOf, effectiveFromOf, overviewOf, pastEffectiveFromMessage, RULE_HISTORY_LIMIT } from './ruleChanges';

type Db = Kysely<Database>;

/** The change asked for, as its schema leaves it. */
export interface SettingsChange {
  pointsPer1000: number;
  pointValue: number;
  redeemCapPercent: number;
  redeemMinimum: number;
  signupBonus?: number | undefined;
  birthdayBonus?: number | undefined;
  effectiveFrom?: string | undefined;
}

export const settingsChangeMessages = {
  changed: 'Đã lưu thay đổi quy định điểm thưởng.',
  pastEffectiveFrom: pastEffectiveFromMessage,
} as const;

/** The latest changes of the rules, the newest effective first (ties: the latest made), with who made them (`only`: that one change). */
async function settingsHistory(db: Db, only?: number): Promise<LoyaltySettingsChange[]> {
  const rows = await db
    .selectFrom('loyalty_settings')
    .leftJoin('users', 'users.id', 'loyalty_settings.changed_by')
    .select([
      'loyalty_settings.id',
      'loyalty_settings.points_per_1000',
      'loyalty_settings.point_value',
      'loyalty_settings.redeem_cap_percent',
      'loyalty_settings.redeem_minimum',
      'loyalty_settings.signup_bonus',
      'loyalty_settings.birthday_bonus',
      'loyalty_settings.effective_from',
      'loyalty_settings.created_at',
      'loyalty_settings.changed_by',
      'users.full_name',
    ])
    .$if(only !== undefined, (query) => query.where('loyalty_settings.id', '=', only!))
    .orderBy('loyalty_settings.effective_from', 'desc')
    .orderBy('loyalty_settings.id', 'desc')
    .limit(RULE_HISTORY_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    pointsPer1000: row.points_per_1000,
    pointValue: row.point_value,
    redeemCapPercent: row.redeem_cap_percent,
    redeemMinimum: row.redeem_minimum,
    signupBonus: row.signup_bonus,
    birthdayBonus: row.birthday_bonus,
    effectiveFrom: toIsoUtc(row.effective_from),
    createdAt: toIsoUtc(row.created_at),
    changedBy: changedByOf(row),
  }));
}

/** GET /api/admin/loyalty/settings: the rules in force at `now` and the latest changes (the future ones included). */
export async function settingsOverview(db: Db, now: Date): Promise<LoyaltySettingsOverview> {
  const [rules, history] = await Promise.all([settingsAt(db, now), settingsHistory(db)]);
  return overviewOf(rules.id, history, (id) => settingsHistory(db, id));
}

/**
 * POST /api/admin/loyalty/settings: a new row, never an update. It is in force from the instant asked for, or from
 * just after now: a sale paid up to now keeps the rules it was paid under (earnings read `settingsAt(paid_at)`), so
 * a change is never retroactive. A past instant is refused (422).
 */
export async function changeSettings(db: Db, adminId: number, input: SettingsChange, now: Date): Promise<LoyaltySettingsOverview> {
  // Strictly after now: settingsAt takes a change effective at the very instant a sale was paid.
  const effectiveFrom = effectiveFromOf(input.effectiveFrom, now);
  // A change that leaves the bonuses out keeps those of the rules it follows.
  const following = input.signupBonus === undefined || input.birthdayBonus === undefined ? await settingsAt(db, effectiveFrom) : null;
  await db
    .insertInto('loyalty_settings')
    .values({
      points_per_1000: input.pointsPer1000,
      point_value: input.pointValue,
      redeem_cap_percent: input.redeemCapPercent,
      redeem_minimum: input.redeemMinimum,
      signup_bonus: input.signupBonus ?? following!.signupBonus,
      birthday_bonus: input.birthdayBonus ?? following!.birthdayBonus,
      changed_by: adminId,
      effective_from: effectiveFrom.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return settingsOverview(db, now);
}
