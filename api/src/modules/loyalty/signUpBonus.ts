import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { settingsAt } from './loyaltySettings';
import { lotExpiry } from './loyaltyRules';
import { creditLot, holdMember } from './pointsLedger';

type Db = Kysely<Database>;

/** Customers given their sign-up bonus per round. */
const SIGNUPS_PER_ROUND = 200;

export const signUpKeyOf = (userId: number) => `signup-${userId}`;
export const SIGN_UP_REASON = 'Thưởng đăng ký thành viên';

/**
 * The spans of time (verified in [from, until)) when the rules in force gave a sign-up bonus, from the cursor's
 * `signups_from` on (none before the bonus existed); `until` null: still.
 */
async function bonusSpans(db: Db): Promise<{ from: string; until: string | null }[]> {
  const cursor = await db.selectFrom('loyalty_cursor').select('signups_from').where('id', '=', 1).executeTakeFirst();
  if (!cursor?.signups_from) return [];
  const since = toIsoUtc(cursor.signups_from);
  const rows = await db.selectFrom('loyalty_settings').select(['signup_bonus', 'effective_from']).orderBy('effective_from').orderBy('id').execute();
  const spans: { from: string; until: string | null }[] = [];
  rows.forEach((row, index) => {
    const from = toIsoUtc(row.effective_from);
    const next = rows.slice(index + 1).find((later) => toIsoUtc(later.effective_from) !== from);
    // Of rows effective at one instant the latest is in force (settingsAt): the others hold no span.
    if (index + 1 < rows.length && toIsoUtc(rows[index + 1]!.effective_from) === from) return;
    if (row.signup_bonus <= 0) return;
    const until = next ? toIsoUtc(next.effective_from) : null;
    const last = spans.at(-1);
    if (last && last.until === from) last.until = until;
    else spans.push({ from, until });
  });
  // settingsAt reads the first rules before their own instant: the first span starts at the beginning.
  if (spans[0] && rows[0] && spans[0].from === toIsoUtc(rows[0].effective_from)) spans[0].from = since;
  return spans.flatMap((span) => (span.until !== null && span.until <= since ? [] : [{ from: span.from < since ? since : span.from, until: span.until }]));
}

/**
 * The sign-up bonus (an earning rule): each customer whose email is verified gets the bonus of the rules in force at
 * their verification, once (its key), as a BONUS lot expiring like an earning. A customer verified while the rules
 * gave none, or before the bonus existed (the cursor's `signups_from`, migration 0062), never gets it. A round of the
 * loyalty worker gives at most SIGNUPS_PER_ROUND, each in a transaction holding the member. Answers the bonuses given.
 */
export async function giveSignUpBonuses(db: Db, now: Date): Promise<number> {
  const spans = await bonusSpans(db);
  if (spans.length === 0) return 0;
  const nowIso = now.toISOString();
  const due = await db
    .selectFrom('users')
    .select(['users.id', 'users.email_verified_at'])
    .where('users.role', '=', 'customer')
    .where('users.email_verified_at', 'is not', null)
    .where('users.email_verified_at', '<=', nowIso)
    .where((eb) =>
      eb.or(
        spans.map((span): Expression<SqlBool> => {
          const from = eb('users.email_verified_at', '>=', span.from);
          return span.until === null ? from : eb.and([from, eb('users.email_verified_at', '<', span.until)]);
        }),
      ),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom('loyalty_entries').select('loyalty_entries.id').where('loyalty_entries.entry_key', '=', sql<string>`'signup-' || cast(${sql.ref('users.id')} as varchar(20))`))))
    .orderBy('users.email_verified_at')
    .orderBy('users.id')
    .limit(SIGNUPS_PER_ROUND)
    .execute();
  let given = 0;
  for (const customer of due) {
    const written = await db.transaction().execute(async (trx) => {
      await holdMember(trx, customer.id);
      const rules = await settingsAt(trx, new Date(toIsoUtc(customer.email_verified_at!)));
      if (rules.signupBonus <= 0) return null;
      return creditLot(trx, { userId: customer.id, points: rules.signupBonus, key: signUpKeyOf(customer.id), reason: SIGN_UP_REASON, saleId: null, actorId: null, at: now, expiresAt: lotExpiry(now), kind: 'BONUS' });
    });
    if (written !== null) given += 1;
  }
  return given;
}
