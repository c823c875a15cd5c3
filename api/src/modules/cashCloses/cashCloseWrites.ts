import { CASH_CLOSE_CHANGE_KIND, ERROR_CODES, type CashClose, type CashCloseInput } from 'shared-contracts/schemas';
import type { Insertable, Kysely } from 'kysely';
import type { AppContext } from '../../appContext';
import type { CashClosesTable } from '../../db/cashCloseSchema';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/inTransaction';
import { holdWritesOf } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';
import { assertFloorWriter, type CentreScope } from '../../security/centreScope';
import { cashCloseMessages } from './cashCloseMessages';
import { closeQuery, lastCloseOf, openPeriodAfter, periodTotals, toCashClose, type LedgerIds } from './cashClosePeriod';

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
 * `now`. In one transaction: the period's start (the ledger ids the last close covered, else its instant or the start
 * of the day), the ledger's last ids (ledgerIdsNow: every payment and refund up to them is committed, none after them
 * is counted), the expected cash over the period recomputed up to those ids — when it is not what the clerk saw, 409
 * CASH_CLOSE_EXPECTED_CHANGED (money moved while they counted: recount) —, a difference without a reason 422
 * CASH_CLOSE_REASON_REQUIRED, then the close inserted with those ids, where the next period starts, unless a close of
 * the same centre already starts there (unique (centre_id, period_from): of two clerks closing at once one gets 409
 * CASH_CLOSE_TAKEN). After commit the centre's floor is told (floor-changed 'cash-close'), so a manager's open page
 * shows it.
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
    const period = openPeriodAfter(last, now);
    const periodFrom = period.from;
    // The page showed another period (someone closed since), or a close at this very instant already exists.
    if ((input.periodFrom !== undefined && input.periodFrom !== periodFrom) || Date.parse(periodFrom) >= now.getTime()) throw taken();
    const upTo = await ledgerIdsNow(trx);
    const totals = await periodTotals(trx, centreId, { ...period, upTo });
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
      last_payment_id: upTo.paymentId,
      last_refund_id: upTo.refundId,
    });
    if (!row) throw taken();
    return row.id;
  });

  await ctx.events.publishFloorChange(centreId, { kind: CASH_CLOSE_CHANGE_KIND, appointmentId: null, serviceOrderId: null, at: now });
  return toCashClose(await closeQuery(ctx.db).where('c.id', '=', id).executeTakeFirstOrThrow());
}

/**
 * The ledger's last ids (0 for an empty table), read inside the close's transaction, such that every payment and
 * refund up to them is committed and visible to it. PostgreSQL hands ids out at insert, not at commit: a payment
 * inserted (id 7) but not committed while a later one (id 8) is would be read past and never counted. So the
 * close first takes both tables in SHARE mode: it waits for the transactions writing them to end and holds new
 * writes (of any centre) until it commits, a few milliseconds a few times a day. SQLite writes one transaction at a
 * time, its ids in commit order (AUTOINCREMENT: never reused): its snapshot needs nothing more.
 */
async function ledgerIdsNow(trx: Kysely<Database>): Promise<LedgerIds> {
  await holdWritesOf(trx, ['sale_payments', 'payment_refunds']);
  const [payments, refunds] = await Promise.all([
    trx.selectFrom('sale_payments').select((eb) => eb.fn.max<number | null>('id').as('id')).executeTakeFirstOrThrow(),
    trx.selectFrom('payment_refunds').select((eb) => eb.fn.max<number | null>('id').as('id')).executeTakeFirstOrThrow(),
  ]);
  return { paymentId: payments.id ?? 0, refundId: refunds.id ?? 0 };
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
