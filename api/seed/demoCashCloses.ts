import type { Kysely } from 'kysely';
import { addCalendarDays, vietnamDateOf, vietnamInstant } from 'shared-contracts/schemas';
import type { Database } from '../src/db/schema';
import { periodTotals, writeClose } from '../src/modules/cashCloses';

/** The evenings the demo's counters closed their cash: the last three days, at 18:30 in Vietnam. */
const DAYS_BACK = [3, 2, 1] as const;
const CLOSE_TIME = '18:30';
/** The one close whose count was short, and why (the manager sees it highlighted). */
const SHORT_BY = 50_000;
const SHORT_REASON = 'Thối nhầm tiền thừa cho khách, đã báo quản lý.';

/**
 * The demo's cashier's closes ("Chốt ca"), so that the manager's history has days in it and today's period starts at
 * yesterday's close: for every centre with staff and no close yet, one close a day at 18:30 over the last three days,
 * its expected cash the ledger's (after the seed's payment records are written), counted right except the second
 * evening of the first centre, short by 50.000 ₫ with its reason. Returns the closes written.
 */
export async function seedDemoCashCloses(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const today = vietnamDateOf(now);
  const clerks = await db
    .selectFrom('staff_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.centre_id', 'a.user_id'])
    .where('a.ended_at', 'is', null)
    .where('u.role', '=', 'staff')
    .orderBy('a.centre_id')
    .orderBy('a.user_id')
    .execute();
  const clerkOf = new Map<number, number>();
  for (const clerk of clerks) if (!clerkOf.has(clerk.centre_id)) clerkOf.set(clerk.centre_id, clerk.user_id);
  let written = 0;
  let first = true;
  for (const [centreId, clerkId] of clerkOf) {
    const closed = await db.selectFrom('cash_closes').select('id').where('centre_id', '=', centreId).executeTakeFirst();
    if (closed) {
      first = false;
      continue;
    }
    let periodFrom = vietnamInstant(addCalendarDays(today, -DAYS_BACK[0]), '00:00').toISOString();
    for (const daysBack of DAYS_BACK) {
      const closedAt = vietnamInstant(addCalendarDays(today, -daysBack), CLOSE_TIME).toISOString();
      // Backdated: bounded by instants, no ledger ids (today's period starts at the last one's instant).
      const totals = await periodTotals(db, centreId, { from: periodFrom, after: null, to: closedAt });
      const short = first && daysBack === 2;
      const counted = Math.max(0, totals.expected - (short ? SHORT_BY : 0));
      await writeClose(db, {
        centre_id: centreId,
        period_from: periodFrom,
        closed_at: closedAt,
        expected: totals.expected,
        counted,
        difference: counted - totals.expected,
        payments_count: totals.paymentsCount,
        refunds_count: totals.refundsCount,
        reason: counted === totals.expected ? null : SHORT_REASON,
        closed_by: clerkId,
      });
      written += 1;
      periodFrom = closedAt;
    }
    first = false;
  }
  return written;
}
