import type { Kysely } from 'kysely';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { LoyaltySettingsRow } from '../../db/loyaltySchema';
import type { Database } from '../../db/schema';
import { balanceOf, balanceQuery } from './pointsLedger';

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

function rulesOf(row: LoyaltySettingsRow): LoyaltyRules {
  return { id: row.id, pointsPer1000: row.points_per_1000, pointValue: row.point_value, redeemCapPercent: row.redeem_cap_percent, redeemMinimum: row.redeem_minimum, signupBonus: row.signup_bonus, birthdayBonus: row.birthday_bonus };
}

/** The latest change effective by `at`. */
function inForceAt(db: Db, at: Date) {
  return db.selectFrom('loyalty_settings').where('effective_from', '<=', at.toISOString()).orderBy('effective_from', 'desc').orderBy('id', 'desc').limit(1);
}

/** The rules in force at `at`: the latest change effective by then (the migration's first rules otherwise). */
export async function settingsAt(db: Db, at: Date): Promise<LoyaltyRules> {
  const row =
    (await inForceAt(db, at).selectAll().executeTakeFirst()) ??
    (await db.selectFrom('loyalty_settings').selectAll().orderBy('effective_from').orderBy('id').limit(1).executeTakeFirstOrThrow());
  return rulesOf(row);
}

/**
 * settingsAt for any instant from one read of every change (a history earned in one pass): the latest change effective
 * by then, else the first rules.
 */
export async function settingsTimeline(db: Db): Promise<(at: Date) => LoyaltyRules> {
  const changes = (await db.selectFrom('loyalty_settings').selectAll().execute())
    .map((row) => ({ from: toIsoUtc(row.effective_from), rules: rulesOf(row) }))
    .sort((a, b) => b.from.localeCompare(a.from) || b.rules.id - a.rules.id);
  const first = changes.at(-1);
  if (!first) throw new Error('loyalty_settings has no rules');
  return (at) => {
    const iso = at.toISOString();
    return (changes.find((change) => change.from <= iso) ?? first).rules;
  };
}

/** settingsAt and the member's balance (pointsLedger's balanceOf) in one read. */
export async function settingsAndBalanceAt(db: Db, userId: number, at: Date): Promise<{ rules: LoyaltyRules; balance: number }> {
  const row = await inForceAt(db, at)
    .innerJoin(balanceQuery(db, userId).as('member'), (join) => join.onTrue())
    .selectAll('loyalty_settings')
    .select('member.balance')
    .executeTakeFirst();
  if (!row) {
    // Nothing effective yet (the first rules start later): the first rules, as settingsAt reads them.
    const [rules, balance] = await Promise.all([settingsAt(db, at), balanceOf(db, userId)]);
    return { rules, balance };
  }
  const { balance, ...settings } = row;
  return { rules: rulesOf(settings), balance: toNumber(balance ?? 0) };
}
