/** Formatting shared by the charts (spec back-office §8, §9): VND, one-decimal percentages, dd/MM, '—' for null. */
export const NO_VALUE = '—';

const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });
const whole = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('vi-VN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 });

/** Integer VND ('1.300.000 ₫'); null → '—'. */
export const money = (value: number | null): string => (value === null ? NO_VALUE : vnd.format(Math.round(value)));
/** A count ('1.250'); null → '—'. */
export const count = (value: number | null): string => (value === null ? NO_VALUE : whole.format(Math.round(value)));
/** A percentage with one decimal and its sign ('88,2 %'); null → '—'. */
export const percent = (value: number | null): string => (value === null ? NO_VALUE : `${oneDecimal.format(value)} %`);
/** An axis label: short and Vietnamese ('1,2 Tr', '350 N'). */
export const axis = (value: number): string => compact.format(value);
/** 'YYYY-MM-DD' → 'dd/MM'. */
export const dayMonth = (date: string): string => {
  const [, month, day] = date.split('-');
  return `${day}/${month}`;
};

/** 1 = Thứ 2 … 7 = Chủ nhật (the report's weekday numbering). */
export const WEEKDAYS = ['Thứ 2', 'Thứ 3', 'Thứ 4', 'Thứ 5', 'Thứ 6', 'Thứ 7', 'Chủ nhật'] as const;
export const weekdayName = (weekday: number): string => WEEKDAYS[weekday - 1] ?? String(weekday);
export const weekdayShort = (weekday: number): string => (weekday === 7 ? 'CN' : `T${weekday + 1}`);
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** A round axis maximum at or above `max` (1, 2, 2.5, 5 × 10^k), and its ticks from 0. */
export function niceScale(max: number, tickCount = 4): { max: number; ticks: number[] } {
  if (!(max > 0)) return { max: 1, ticks: [0, 1] };
  const rough = max / tickCount;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(value);
  return { max: top, ticks };
}

/** The largest item of a list by a figure (the first on ties); undefined for an empty list. */
export function largest<T>(items: readonly T[], figure: (item: T) => number | null): T | undefined {
  let best: T | undefined;
  let bestValue = -Infinity;
  for (const item of items) {
    const value = figure(item);
    if (value !== null && value > bestValue) {
      best = item;
      bestValue = value;
    }
  }
  return best;
}

/** Text cut to `length` characters with an ellipsis (the full text stays in the data table). */
export const shorten = (text: string, length: number): string => (text.length <= length ? text : `${text.slice(0, length - 1)}…`);
