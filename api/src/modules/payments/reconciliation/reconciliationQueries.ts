import { sql, type Kysely } from 'kysely';
import {
  ERROR_CODES,
  addCalendarDays,
  formatCalendarDate,
  PAYMENT_EXCEPTION_PROVIDER_LABELS,
  PAYMENT_EXCEPTION_REASON_LABELS,
  PAYMENT_EXCEPTION_RESOLUTION_LABELS,
  RECONCILIATION_CSV_MAX_ROWS,
  vietnamInstant,
  type PaymentExceptionReason,
  type PaymentExceptionResolution,
  type Reconciliation,
  type ReconciliationDay,
} from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import { instantParameter, vietnamDateOfColumn } from '../../../db/sqlDialect';
import { AppError } from '../../../http/appError';
import type { ReportColumn, ReportRow } from '../../reports';

type Db = Kysely<Database>;
type Num = string | number | null;

/** [from 00:00, the day after `to` 00:00) in Vietnam, as UTC instants. */
function bounds(from: string, to: string): { fromUtc: string; toUtc: string } {
  return { fromUtc: vietnamInstant(from, '00:00').toISOString(), toUtc: vietnamInstant(addCalendarDays(to, 1), '00:00').toISOString() };
}

const MATCHED = sql<boolean>`(outcome = 'MATCHED' or resolution in ('MATCHED', 'REINSTATED'))`;

/**
 * GET /reconciliation: per local day of the range, the transfers received (count, sum), those that paid an order
 * (by themselves or matched/reinstated by staff: count, sum), the exceptions still open and those resolved (of the
 * transfers received that day), and the refunds recorded that day (the queue's and the desk's); and the totals.
 */
export async function reconciliation(db: Db, from: string, to: string): Promise<Reconciliation> {
  const { fromUtc, toUtc } = bounds(from, to);
  const received = await sql<{ day: string; n: Num; total: Num; matched_n: Num; matched_total: Num; open_n: Num; resolved_n: Num }>`
    select ${vietnamDateOfColumn(db, 'received_at')} as day, count(*) as n, sum(amount) as total,
           sum(case when ${MATCHED} then 1 else 0 end) as matched_n,
           sum(case when ${MATCHED} then amount else 0 end) as matched_total,
           sum(case when outcome = 'EXCEPTION' and resolution is null then 1 else 0 end) as open_n,
           sum(case when outcome = 'EXCEPTION' and resolution is not null then 1 else 0 end) as resolved_n
    from payment_transactions
    where received_at >= ${instantParameter(db, fromUtc)} and received_at < ${instantParameter(db, toUtc)}
    group by 1`.execute(db);
  const refunds = await sql<{ day: string; total: Num }>`
    select ${vietnamDateOfColumn(db, 'created_at')} as day, sum(amount) as total
    from payment_refunds
    where created_at >= ${instantParameter(db, fromUtc)} and created_at < ${instantParameter(db, toUtc)}
    group by 1`.execute(db);
  const byDay = new Map(received.rows.map((row) => [row.day, row]));
  const refundsByDay = new Map(refunds.rows.map((row) => [row.day, toNumber(row.total)]));
  const days: ReconciliationDay[] = [];
  for (let date = from; date <= to; date = addCalendarDays(date, 1)) {
    const row = byDay.get(date);
    days.push({
      date,
      receivedCount: toNumber(row?.n),
      receivedSum: toNumber(row?.total),
      matchedCount: toNumber(row?.matched_n),
      matchedSum: toNumber(row?.matched_total),
      exceptionsOpen: toNumber(row?.open_n),
      exceptionsResolved: toNumber(row?.resolved_n),
      refundsSum: refundsByDay.get(date) ?? 0,
    });
  }
  const sum = (key: keyof Omit<ReconciliationDay, 'date'>) => days.reduce((total, day) => total + day[key], 0);
  return {
    from,
    to,
    days,
    totals: {
      receivedCount: sum('receivedCount'),
      receivedSum: sum('receivedSum'),
      matchedCount: sum('matchedCount'),
      matchedSum: sum('matchedSum'),
      exceptionsOpen: sum('exceptionsOpen'),
      exceptionsResolved: sum('exceptionsResolved'),
      refundsSum: sum('refundsSum'),
    },
  };
}

export const DAY_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Ngày', kind: 'text' },
  { key: 'receivedCount', label: 'Số giao dịch nhận', kind: 'number' },
  { key: 'receivedSum', label: 'Tổng tiền nhận (VND)', kind: 'money' },
  { key: 'matchedCount', label: 'Số giao dịch khớp đơn', kind: 'number' },
  { key: 'matchedSum', label: 'Tiền khớp đơn (VND)', kind: 'money' },
  { key: 'exceptionsOpen', label: 'Ngoại lệ chưa xử lý', kind: 'number' },
  { key: 'exceptionsResolved', label: 'Ngoại lệ đã xử lý', kind: 'number' },
  { key: 'refundsSum', label: 'Tiền hoàn (VND)', kind: 'money' },
];

/** The daily table as CSV rows (dates dd/MM/yyyy), then a "Tổng" row. */
export function dayRows(report: Reconciliation): ReportRow[] {
  return [...report.days.map((day) => ({ ...day, date: formatCalendarDate(day.date) })), { ...report.totals, date: 'Tổng' }];
}

export const TRANSACTION_COLUMNS: ReportColumn[] = [
  { key: 'receivedAt', label: 'Thời điểm nhận', kind: 'datetime' },
  { key: 'provider', label: 'Nguồn', kind: 'text' },
  { key: 'providerRef', label: 'Mã giao dịch nhà cung cấp', kind: 'text' },
  { key: 'bankReference', label: 'Mã tham chiếu ngân hàng', kind: 'text' },
  { key: 'content', label: 'Nội dung chuyển khoản', kind: 'text' },
  { key: 'amount', label: 'Số tiền (VND)', kind: 'money' },
  { key: 'orderCode', label: 'Mã đơn', kind: 'text' },
  { key: 'invoiceCode', label: 'Mã hóa đơn dịch vụ', kind: 'text' },
  { key: 'outcome', label: 'Kết quả', kind: 'text' },
  { key: 'resolution', label: 'Xử lý', kind: 'text' },
];

/**
 * Every transfer received in the range, oldest first (to tick off against the bank statement). The content is the
 * sender's text: the CSV writer guards it against formulas. More than RECONCILIATION_CSV_MAX_ROWS: 422.
 */
export async function transactionRows(db: Db, from: string, to: string): Promise<ReportRow[]> {
  const { fromUtc, toUtc } = bounds(from, to);
  const rows = await db
    .selectFrom('payment_transactions')
    .leftJoin('orders', 'orders.id', 'payment_transactions.order_id')
    .leftJoin('service_invoices', 'service_invoices.id', 'payment_transactions.service_invoice_id')
    .select([
      'payment_transactions.received_at',
      'payment_transactions.provider',
      'payment_transactions.provider_ref',
      'payment_transactions.bank_reference',
      'payment_transactions.content',
      'payment_transactions.amount',
      'payment_transactions.outcome',
      'payment_transactions.exception_reason',
      'payment_transactions.resolution',
      'payment_transactions.order_code_found',
      'orders.code',
      'service_invoices.code as invoice_code',
    ])
    .where('payment_transactions.received_at', '>=', instantParameter(db, fromUtc))
    .where('payment_transactions.received_at', '<', instantParameter(db, toUtc))
    .orderBy('payment_transactions.received_at')
    .orderBy('payment_transactions.id')
    .limit(RECONCILIATION_CSV_MAX_ROWS + 1)
    .execute();
  if (rows.length > RECONCILIATION_CSV_MAX_ROWS) {
    throw new AppError(422, ERROR_CODES.RECONCILIATION_TOO_LARGE, `Quá ${RECONCILIATION_CSV_MAX_ROWS.toLocaleString('vi-VN')} giao dịch trong khoảng ngày, vui lòng chọn khoảng ngắn hơn.`);
  }
  return rows.map((row) => ({
    receivedAt: toIsoUtc(row.received_at),
    provider: PAYMENT_EXCEPTION_PROVIDER_LABELS[row.provider] ?? row.provider,
    providerRef: row.provider_ref,
    bankReference: row.bank_reference,
    content: row.content,
    amount: toNumber(row.amount),
    // a service invoice's transfer names its invoice, not a web order (order_code_found holds the HD… code then)
    orderCode: row.code ?? (row.invoice_code === null ? row.order_code_found : null),
    invoiceCode: row.invoice_code,
    outcome:
      row.outcome === 'MATCHED'
        ? 'Khớp đơn'
        : `Ngoại lệ: ${PAYMENT_EXCEPTION_REASON_LABELS[row.exception_reason as PaymentExceptionReason] ?? row.exception_reason ?? ''}`,
    resolution: row.resolution ? PAYMENT_EXCEPTION_RESOLUTION_LABELS[row.resolution as PaymentExceptionResolution] : null,
  }));
}
