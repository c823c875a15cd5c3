import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The points rules in force at an instant. */
export interface LoyaltyRules {
  id: number;
  pointsPer1000: number;
  pointValue: number;
  redeemCapPercent: number;
  redeemMinimum: number;
  /** Points given once at sign-up (email verified) and each birthday; 0 = off. */
  signupBonus: number;
  birthdayBonus: number;
}

/** The rules in force at `at`: the latest change effective by then (the migration's first rules otherwise). */
export async function settingsAt(db: Db, at: Date): Promise<LoyaltyRules> {
  const row =
    (await db.selectFrom('loyalty_settings').selectAll().where('effective_from', '<=', at.toISOString()).orderBy('effective_from', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()) ??
    (await db.selectFrom('loyalty_settings').selectAll().orderBy('effective_from').orderBy('id').limit(1).executeTakeFirstOrThrow());
  return { id: row.id, pointsPer1000: row.points_per_1000, pointValue: row.point_value, redeemCapPercent: row.redeem_cap_percent, redeemMinimum: row.redeem_minimum, signupBonus: row.signup_bonus, birthdayBonus: row.birthday_bonus };
}
