import { ERROR_CODES, KPI_RANGE_MAX_DAYS, vietnamDateOf, vietnamInstant } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';

const DAY_MS = 24 * 60 * 60 * 1000;

export const kpiRangeMessage = `Khoảng ngày không hợp lệ: ngày dạng YYYY-MM-DD, "từ ngày" không sau "đến ngày" và tối đa ${KPI_RANGE_MAX_DAYS} ngày.`;

/** A range of local dates, both inclusive, with its UTC bounds [fromUtc, toUtc). */
export interface KpiRange {
  from: string;
  to: string;
  days: number;
  /** Local 00:00 of `from`, as UTC ISO. */
  fromUtc: string;
  /** Local 00:00 of the day after `to`, as UTC ISO (exclusive). */
  toUtc: string;
  fromMs: number;
  toMs: number;
}

/** Epoch ms of local midnight of a 'YYYY-MM-DD', or null when it is not a real date. */
function localMidnightMs(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return vietnamInstant(value, '00:00').getTime();
}

/** Local dates → UTC bounds; a bad date, from > to or more than 366 days answers 422 DATE_RANGE_INVALID. */
export function parseKpiRange(from: string, to: string): KpiRange {
  const fromMs = localMidnightMs(from);
  const toStart = localMidnightMs(to);
  const invalid = (field: 'from' | 'to') => new AppError(422, ERROR_CODES.DATE_RANGE_INVALID, kpiRangeMessage, [{ field, message: kpiRangeMessage }]);
  if (fromMs === null) throw invalid('from');
  if (toStart === null) throw invalid('to');
  if (fromMs > toStart) throw invalid('from');
  const days = Math.round((toStart - fromMs) / DAY_MS) + 1;
  if (days > KPI_RANGE_MAX_DAYS) throw invalid('to');
  const toMs = toStart + DAY_MS;
  return { from, to, days, fromUtc: new Date(fromMs).toISOString(), toUtc: new Date(toMs).toISOString(), fromMs, toMs };
}

/** The range of the same number of days ending the day before `range` starts (what the KPIs compare with). */
export function previousKpiRange(range: KpiRange): KpiRange {
  const fromMs = range.fromMs - range.days * DAY_MS;
  const toMs = range.fromMs;
  return {
    from: vietnamDateOf(fromMs),
    to: vietnamDateOf(toMs - DAY_MS),
    days: range.days,
    fromUtc: new Date(fromMs).toISOString(),
    toUtc: new Date(toMs).toISOString(),
    fromMs,
    toMs,
  };
}

/** Local midnight (UTC ms) of each day of the range. */
export function dayStarts(range: KpiRange): number[] {
  return Array.from({ length: range.days }, (_, index) => range.fromMs + index * DAY_MS);
}

/** 'HH:MM' → minutes after midnight. */
export function minutesOfDay(value: string): number {
  const [hours, minutes] = value.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** part ÷ whole as a percentage with one decimal; null for a zero denominator. */
export function percent(part: number, whole: number): number | null {
  if (!whole) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/** The median of sorted numbers (mean of the middle two for an even count), one decimal; null when empty. */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 10) / 10;
}
