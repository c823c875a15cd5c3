import { CASH_CLOSE_CHANGE_KIND, ERROR_CODES, type CashClose, type CashCloseInput } from 'shared-contracts/schemas';
import type { Insertable, Kysely } from 'kysely';
import type { AppContext } from '../../appContext';
import type { CashClosesTable } from '../../db/cashCloseSchema';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/inTransaction';
import { AppError } from '../../http/appError';
import { assertFloorWriter, type CentreScope } from '../../security/centreScope';
import { cashCloseMessages } from './cashCloseMessages';
import { closeQuery, lastCloseOf, periodStartAfter, periodTotals, toCashClose } from './cashClosePeriod';

export type CashCloseContext = Pick<AppContext, 'db' | 'clock' | 'events'>;

/** What the route hands over once zod has read the body. */
export interface CashCloseRequest {
  counted: number;
  reason?: string | null;
  expectedSeen: number;
  periodFrom?: string;
}

function taken(): AppError {
  return new AppError(409, ERROR_CODES.CASH_CLOSE_TAKEN, cashCloseMessages.taken);
}

/**
 * POST /cash-closes: the clerk of the centre (staff or manager; an admin only reads) closes its open period at
 * `now`. In one transaction: the period's start (the last close, else the start of the day), the ledger's expected
 * cash over [start, now) recomputed — when it is not what the clerk saw, 409 CASH_CLOSE_EXPECTED_CHANGED (money
 * moved while they counted: recount) —, a difference without a reason 422 CASH_CLOSE_REASON_REQUIRED, then the close
 * inserted unless a close of the same centre already starts there (unique (centre_id, period_from): of two clerks
 * closing at once one gets 409 CASH_CLOSE_TAKEN). After commit the centre's floor is told (floor-changed
 * 'cash-close'), so a manager's open page shows it.
 */
export async function closeCashPeriod(ctx: CashCloseContext, scope: CentreScope, input: CashCloseRequest | CashCloseInput): Promise<CashClose> {
  assertFloorWriter(scope);
  const centreId = scope.centreId!;
  const now = ctx.clock.now();
  const closedAt = now.toISOString();
  const counted = Number(input.counted);
  const expectedSeen = Number(input.expectedSeen);
  const reason = input.reason?.trim() ? input.reason.trim() : null;

  const id = await inTransaction(ctx.db, async (trx) => {
    const last = await lastCloseOf(trx, centreId);
    const periodFrom = periodStartAfter(last, now);
    // The page showed another period (someone closed since), or a close at this very instant already exists.
    if ((input.periodFrom !== undefined && input.periodFrom !== periodFrom) || Date.parse(periodFrom) >= now.getTime()) throw taken();
    const totals = await periodTotals(trx, centreId, periodFrom, closedAt);
    if (totals.expected !== expectedSeen) {
      throw new AppError(409, ERROR_CODES.CASH_CLOSE_EXPECTED_CHANGED, cashCloseMessages.expectedChanged, [{ field: 'expectedSeen', message: cashCloseMessages.expectedChanged }]);
    }
    const difference = counted - totals.expected;
    if (difference !== 0 && reason === null) {
      throw new AppError(422, ERROR_CODES.CASH_CLOSE_REASON_REQUIRED, cashCloseMessages.reasonRequired, [{ field: 'reason', message: cashCloseMessages.reasonRequired }]);
    }
    const row = await writeClose(trx, {
      centre_id: centreId,
      period_from: periodFrom,
      closed_at: closedAt,
      expected: totals.expected,
      counted,
      difference,
      payments_count: totals.paymentsCount,
      refunds_count: totals.refundsCount,
      reason,
      closed_by: scope.userId,
    });
    if (!row) throw taken();
    return row.id;
  });

  await ctx.events.publishFloorChange(centreId, { kind: CASH_CLOSE_CHANGE_KIND, appointmentId: null, serviceOrderId: null, at: now });
  return toCashClose(await closeQuery(ctx.db).where('c.id', '=', id).executeTakeFirstOrThrow());
}

/** The one insert of a close: none when the centre already has a close starting at that instant (then undefined). */
export async function writeClose(db: Kysely<Database>, close: Insertable<CashClosesTable>): Promise<{ id: number } | undefined> {
  return db
    .insertInto('cash_closes')
    .values(close)
    .onConflict((conflict) => conflict.columns(['centre_id', 'period_from']).doNothing())
    .returning('id')
    .executeTakeFirst();
}
