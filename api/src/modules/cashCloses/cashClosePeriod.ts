import type { Kysely } from 'kysely';
import { CASH_CLOSE_LINES_LIMIT, vietnamDateOf, type CashClose, type CashCloseLine, type CurrentCashPeriod } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { vietnamDayBounds } from '../../db/vietnamDay';
import { AppError } from '../../http/appError';
import { centreScopeMessages } from '../../security/centreScope';

type Db = Kysely<Database>;

/** What the ledger says of a centre's counter over a period: cash taken at the desk, cash given back. */
export interface PeriodTotals {
  expected: number;
  cashIn: number;
  cashRefunded: number;
  paymentsCount: number;
  refundsCount: number;
}

/** The last ids of the ledger's two tables a close covered (sale_payments, payment_refunds: any sale's). */
export interface LedgerIds {
  paymentId: number;
  refundId: number;
}

/**
 * A period of the ledger, bounded by its ids rather than by the clock: a payment is stamped (paid_at) before its
 * transaction commits, so one stamped before a close's instant but committed after the close read the ledger would
 * belong to no period of instants. A period starts after the ids its previous close covered (`after`) and ends at
 * the ids its own close read (`upTo`; the open period: whatever is committed now). Without `after` (a centre's
 * first close, or a previous close that recorded no ids: made before migration 0055, or backdated by the demo
 * seed) it starts at the instant `from`; the seed's backdated closes also end at the instant `to`.
 */
export interface LedgerPeriod {
  from: string;
  after: LedgerIds | null;
  upTo?: LedgerIds;
  to?: string;
}

/**
 * The cash taken at the centre's counter: the ledger's CASH payments of channel DESK whose sale is the centre's
 * (a web order collected at its desk, desk_centre_id; a service invoice of its floor, centre_id). Bank transfers,
 * whatever reported them, never reach the drawer.
 */
function deskCashPayments(db: Db, centreId: number, period: LedgerPeriod) {
  let query = db
    .selectFrom('sale_payments as p')
    .leftJoin('orders as o', 'o.id', 'p.order_id')
    .leftJoin('service_invoices as i', 'i.id', 'p.service_invoice_id')
    .where('p.method', '=', 'CASH')
    .where('p.channel', '=', 'DESK')
    .where((eb) => eb.or([eb('o.desk_centre_id', '=', centreId), eb('i.centre_id', '=', centreId)]));
  query = period.after ? query.where('p.id', '>', period.after.paymentId) : query.where('p.paid_at', '>=', period.from);
  if (period.upTo) query = query.where('p.id', '<=', period.upTo.paymentId);
  if (period.to !== undefined) query = query.where('p.paid_at', '<', period.to);
  return query;
}

/** The cash given back from the drawer: CASH refunds of the centre's sales (its desk's web orders, its invoices). */
function cashRefunds(db: Db, centreId: number, period: LedgerPeriod) {
  let query = db
    .selectFrom('payment_refunds as r')
    .leftJoin('orders as o', 'o.id', 'r.order_id')
    .leftJoin('service_invoices as i', 'i.id', 'r.service_invoice_id')
    .where('r.method', '=', 'CASH')
    .where((eb) => eb.or([eb('o.desk_centre_id', '=', centreId), eb('i.centre_id', '=', centreId)]));
  query = period.after ? query.where('r.id', '>', period.after.refundId) : query.where('r.created_at', '>=', period.from);
  if (period.upTo) query = query.where('r.id', '<=', period.upTo.refundId);
  if (period.to !== undefined) query = query.where('r.created_at', '<', period.to);
  return query;
}

/** The ledger's totals of the period for the centre: expected = cash in − cash refunded. */
export async function periodTotals(db: Db, centreId: number, period: LedgerPeriod): Promise<PeriodTotals> {
  const [paid, refunded] = await Promise.all([
    deskCashPayments(db, centreId, period)
      .select((eb) => [eb.fn.sum<number | string | null>('p.amount').as('total'), eb.fn.countAll<number | string>().as('count')])
      .executeTakeFirstOrThrow(),
    cashRefunds(db, centreId, period)
      .select((eb) => [eb.fn.sum<number | string | null>('r.amount').as('total'), eb.fn.countAll<number | string>().as('count')])
      .executeTakeFirstOrThrow(),
  ]);
  const cashIn = toNumber(paid.total);
  const cashRefunded = toNumber(refunded.total);
  return { expected: cashIn - cashRefunded, cashIn, cashRefunded, paymentsCount: toNumber(paid.count), refundsCount: toNumber(refunded.count) };
}

/** The period's cash lines, oldest first, at most CASH_CLOSE_LINES_LIMIT (+1 read, to know there are more). */
async function periodLines(db: Db, centreId: number, period: LedgerPeriod): Promise<{ lines: CashCloseLine[]; truncated: boolean }> {
  const limit = CASH_CLOSE_LINES_LIMIT + 1;
  const [payments, refunds] = await Promise.all([
    deskCashPayments(db, centreId, period)
      .leftJoin('users as u', 'u.id', 'p.actor_id')
      .select(['p.id', 'p.amount', 'p.paid_at as at', 'o.code as order_code', 'i.code as invoice_code', 'p.actor_id', 'u.full_name'])
      .orderBy('p.paid_at')
      .orderBy('p.id')
      .limit(limit)
      .execute(),
    cashRefunds(db, centreId, period)
      .leftJoin('users as u', 'u.id', 'r.actor_id')
      .select(['r.id', 'r.amount', 'r.created_at as at', 'o.code as order_code', 'i.code as invoice_code', 'r.actor_id', 'u.full_name'])
      .orderBy('r.created_at')
      .orderBy('r.id')
      .limit(limit)
      .execute(),
  ]);
  const toLine = (kind: CashCloseLine['kind']) => (row: (typeof payments)[number]): CashCloseLine => ({
    kind,
    code: row.invoice_code ?? row.order_code ?? '',
    amount: toNumber(row.amount),
    by: row.actor_id === null ? null : { id: row.actor_id, fullName: row.full_name ?? '' },
    at: toIsoUtc(row.at),
  });
  const all = [...payments.map(toLine('PAYMENT')), ...refunds.map(toLine('REFUND'))].sort((a, b) => a.at.localeCompare(b.at));
  return { lines: all.slice(0, CASH_CLOSE_LINES_LIMIT), truncated: all.length > CASH_CLOSE_LINES_LIMIT };
}

/** A close's row with its centre's and clerk's names. */
export function closeQuery(db: Db) {
  return db
    .selectFrom('cash_closes as c')
    .innerJoin('service_centres as s', 's.id', 'c.centre_id')
    .innerJoin('users as u', 'u.id', 'c.closed_by')
    .select([
      'c.id',
      'c.centre_id',
      'c.period_from',
      'c.closed_at',
      'c.expected',
      'c.counted',
      'c.difference',
      'c.reason',
      'c.payments_count',
      'c.refunds_count',
      'c.closed_by',
      'c.last_payment_id',
      'c.last_refund_id',
      's.name as centre_name',
      'u.full_name as closed_by_name',
    ]);
}

export type CloseRow = Awaited<ReturnType<ReturnType<typeof closeQuery>['executeTakeFirstOrThrow']>>;

export function toCashClose(row: CloseRow): CashClose {
  return {
    id: row.id,
    centreId: row.centre_id,
    centreName: row.centre_name,
    periodFrom: toIsoUtc(row.period_from),
    closedAt: toIsoUtc(row.closed_at),
    expected: toNumber(row.expected),
    counted: toNumber(row.counted),
    difference: toNumber(row.difference),
    reason: row.reason,
    paymentsCount: row.payments_count,
    refundsCount: row.refunds_count,
    closedBy: { id: row.closed_by, fullName: row.closed_by_name },
  };
}

/** The centre's last close (the latest closed_at), if any. */
export async function lastCloseOf(db: Db, centreId: number): Promise<CloseRow | undefined> {
  return closeQuery(db).where('c.centre_id', '=', centreId).orderBy('c.closed_at', 'desc').orderBy('c.id', 'desc').limit(1).executeTakeFirst();
}

/** Where the centre's open period starts: its last close, else local 00:00 of `now`'s day (its first close). */
export function periodStartAfter(last: CloseRow | undefined, now: Date): string {
  return last ? toIsoUtc(last.closed_at) : vietnamDayBounds(vietnamDateOf(now)).from;
}

/** The centre's open period after its last close (the ledger's ids it covered, else its instant), else from the start of `now`'s day. */
export function openPeriodAfter(last: CloseRow | undefined, now: Date): LedgerPeriod {
  const after = last && last.last_payment_id !== null && last.last_refund_id !== null ? { paymentId: last.last_payment_id, refundId: last.last_refund_id } : null;
  return { from: periodStartAfter(last, now), after };
}

async function centreName(db: Db, centreId: number): Promise<string> {
  const centre = await db.selectFrom('service_centres').select('name').where('id', '=', centreId).executeTakeFirst();
  if (!centre) throw AppError.notFound(centreScopeMessages.notFound);
  return centre.name;
}

/** GET /cash-closes/current: the centre's open period (whatever the ledger has committed since its last close), its totals and its lines. */
export async function readCurrentPeriod(db: Db, centreId: number, now: Date): Promise<CurrentCashPeriod> {
  const [name, last] = await Promise.all([centreName(db, centreId), lastCloseOf(db, centreId)]);
  const period = openPeriodAfter(last, now);
  const from = period.from;
  const until = now.toISOString();
  const [totals, listed] = await Promise.all([periodTotals(db, centreId, period), periodLines(db, centreId, period)]);
  return {
    centreId,
    centreName: name,
    from,
    sinceLastClose: last !== undefined,
    until,
    ...totals,
    lines: listed.lines,
    linesTruncated: listed.truncated,
    lastClose: last ? toCashClose(last) : null,
  };
}
