import type { KpiRange } from './kpiApi';

const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Vietnamese calendar date of an instant (Asia/Ho_Chi_Minh has no daylight saving). */
export function vietnamDate(ms: number): string {
  return new Date(ms + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last `days` local days up to today, both inclusive (1 = today). */
export function lastDays(now: number, days: number): KpiRange {
  return { from: vietnamDate(now - (days - 1) * DAY_MS), to: vietnamDate(now) };
}

/** Monday of this local week to today. */
export function thisWeek(now: number): KpiRange {
  const today = new Date(now + VIETNAM_OFFSET_MS);
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  return { from: vietnamDate(now - sinceMonday * DAY_MS), to: vietnamDate(now) };
}

export const NO_VALUE = '—';

const money = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('vi-VN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });

/** Integer VND ('1.300.000 ₫'); null → '—'. */
export const formatMoney = (value: number | null) => (value === null ? NO_VALUE : money.format(value));
/** A percentage or hours with one decimal ('88,2'); null → '—'. */
export const formatDecimal = (value: number | null) => (value === null ? NO_VALUE : oneDecimal.format(value));
/** A count or minutes ('1.250'); null → '—'. */
export const formatCount = (value: number | null) => (value === null ? NO_VALUE : whole.format(Math.round(value)));
/** Minutes as hours with one decimal ('2,7'). */
export const formatHours = (minutes: number) => oneDecimal.format(minutes / 60);
