import type { Kysely } from 'kysely';
import { ERROR_CODES, LOYALTY_SETTINGS_LABELS, type LoyaltySettingsChange, type LoyaltySettingsOverview } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { settingsAt } from './loyaltySettings';

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

/** A change asked for "now" by a clock slightly behind the server's is taken as now; earlier than this is the past. */
const NOW_GRACE_MS = 60_000;

export const settingsChangeMessages = {
  changed: 'Đã lưu thay đổi quy định điểm thưởng.',
  pastEffectiveFrom: `${LOYALTY_SETTINGS_LABELS.effectiveFrom}: không được chọn thời điểm trong quá khứ (thay đổi không áp dụng hồi tố).`,
} as const;

/** Every change of the rules, the newest effective first (ties: the latest made), with who made it. */
async function settingsHistory(db: Db): Promise<LoyaltySettingsChange[]> {
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
    .orderBy('loyalty_settings.effective_from', 'desc')
    .orderBy('loyalty_settings.id', 'desc')
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
    changedBy: row.changed_by === null ? null : { id: row.changed_by, fullName: row.full_name ?? '' },
  }));
}

/** GET /api/admin/loyalty/settings: the rules in force at `now` and every change (the future ones included). */
export async function settingsOverview(db: Db, now: Date): Promise<LoyaltySettingsOverview> {
  const [rules, history] = await Promise.all([settingsAt(db, now), settingsHistory(db)]);
  const current = history.find((change) => change.id === rules.id);
  if (!current) throw new Error(`loyalty settings ${rules.id} vanished`);
  return { current, history };
}

/**
 * POST /api/admin/loyalty/settings: a new row, never an update. It is in force from the instant asked for, or from
 * just after now: a sale paid up to now keeps the rules it was paid under (earnings read `settingsAt(paid_at)`), so
 * a change is never retroactive. A past instant is refused (422).
 */
export async function changeSettings(db: Db, adminId: number, input: SettingsChange, now: Date): Promise<LoyaltySettingsOverview> {
  const asked = input.effectiveFrom === undefined ? null : new Date(input.effectiveFrom);
  if (asked !== null && asked.getTime() < now.getTime() - NOW_GRACE_MS) {
    throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, settingsChangeMessages.pastEffectiveFrom, [{ field: 'effectiveFrom', message: settingsChangeMessages.pastEffectiveFrom }]);
  }
  // Strictly after now: settingsAt takes a change effective at the very instant a sale was paid.
  const effectiveFrom = new Date(Math.max(asked?.getTime() ?? 0, now.getTime() + 1));
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
