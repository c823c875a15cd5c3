import { sql, type Kysely } from 'kysely';
import { addCalendarDays, CASH_CLOSE_HISTORY_LIMIT, CASH_CLOSE_RANGE_MAX_DAYS, ERROR_CODES, isCalendarDate, vietnamDateOf, type CashCloseHistory } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { vietnamDayBounds } from '../../db/vietnamDay';
import { AppError } from '../../http/appError';
import { centreScopeMessages } from '../../security/centreScope';
import { closeQuery, toCashClose } from './cashClosePeriod';

/** The history's default: the last 7 days up to today. */
const DEFAULT_DAYS = 7;

const rangeMessage = `Khoảng ngày không hợp lệ: ngày dạng YYYY-MM-DD, "từ ngày" không sau "đến ngày" và tối đa ${CASH_CLOSE_RANGE_MAX_DAYS} ngày.`;

/** 422 DATE_RANGE_INVALID unless two real dates, from ≤ to, at most CASH_CLOSE_RANGE_MAX_DAYS days (as the reports answer). */
function checkRange(from: string, to: string): void {
  const invalid = (field: 'from' | 'to') => new AppError(422, ERROR_CODES.DATE_RANGE_INVALID, rangeMessage, [{ field, message: rangeMessage }]);
  if (!isCalendarDate(from)) throw invalid('from');
  if (!isCalendarDate(to)) throw invalid('to');
  if (from > to) throw invalid('from');
  if (addCalendarDays(from, CASH_CLOSE_RANGE_MAX_DAYS - 1) < to) throw invalid('to');
}

/**
 * GET /cash-closes: the centre's closes made within the local dates [from, to] (real dates, from ≤ to, at most 92
 * days, else 422 DATE_RANGE_INVALID), newest first, at most CASH_CLOSE_HISTORY_LIMIT, with the range's totals.
 */
export async function readCloseHistory(db: Kysely<Database>, centreId: number, now: Date, range: { from?: string; to?: string }): Promise<CashCloseHistory> {
  const to = (range.to ?? (range.from && isCalendarDate(range.from.trim()) ? addCalendarDays(range.from.trim(), DEFAULT_DAYS - 1) : vietnamDateOf(now))).trim();
  const from = (range.from ?? (isCalendarDate(to) ? addCalendarDays(to, -(DEFAULT_DAYS - 1)) : to)).trim();
  checkRange(from, to);
  const fromUtc = vietnamDayBounds(from).from;
  const toUtc = vietnamDayBounds(to).to;
  const centre = await db.selectFrom('service_centres').select('name').where('id', '=', centreId).executeTakeFirst();
  if (!centre) throw AppError.notFound(centreScopeMessages.notFound);
  const [rows, totals] = await Promise.all([
    closeQuery(db)
      .where('c.centre_id', '=', centreId)
      .where('c.closed_at', '>=', fromUtc)
      .where('c.closed_at', '<', toUtc)
      .orderBy('c.closed_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(CASH_CLOSE_HISTORY_LIMIT + 1)
      .execute(),
    db
      .selectFrom('cash_closes')
      .where('centre_id', '=', centreId)
      .where('closed_at', '>=', fromUtc)
      .where('closed_at', '<', toUtc)
      .select((eb) => [
        eb.fn.sum<number | string | null>('expected').as('expected'),
        eb.fn.sum<number | string | null>('counted').as('counted'),
        eb.fn.sum<number | string | null>('difference').as('difference'),
        sql<number | string | null>`sum(case when difference <> 0 then 1 else 0 end)`.as('with_difference'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    centreId,
    centreName: centre.name,
    from,
    to,
    items: rows.slice(0, CASH_CLOSE_HISTORY_LIMIT).map(toCashClose),
    truncated: rows.length > CASH_CLOSE_HISTORY_LIMIT,
    totals: {
      expected: toNumber(totals.expected),
      counted: toNumber(totals.counted),
      difference: toNumber(totals.difference),
      withDifference: toNumber(totals.with_difference),
    },
  };
}
