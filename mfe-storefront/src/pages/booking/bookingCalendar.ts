/**
 * Booking days are Vietnamese calendar days (Asia/Ho_Chi_Minh, UTC+7 all year, no daylight saving): from today
 * to 30 days ahead, whatever the visitor's own time zone. The same rule as shared-contracts' service schemas,
 * kept here as a few lines so the booking chunk does not carry zod.
 */

export const BOOKING_DAYS_AHEAD = 30;
const VIETNAM_OFFSET_MS = 7 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The Vietnamese calendar date of an instant ('2026-12-31T17:30:00Z' → '2027-01-01'). */
export function vietnamDateOf(instant: Date | string | number): string {
  return new Date(new Date(instant).getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Vietnamese wall-clock time of an instant, 'HH:MM'. */
export function vietnamClockOf(instant: Date | string | number): string {
  return new Date(new Date(instant).getTime() + VIETNAM_OFFSET_MS).toISOString().slice(11, 16);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first and last bookable dates at `now`, both included. */
export function bookingWindow(now: Date = new Date()): { from: string; to: string } {
  const from = vietnamDateOf(now);
  return { from, to: addDays(from, BOOKING_DAYS_AHEAD) };
}

export function isBookableDate(date: string, now: Date = new Date()): boolean {
  const parsed = Date.parse(`${date}T00:00:00.000Z`);
  // a real calendar day ('2027-02-30' parses, as 2 March)
  if (!/^\d{4}-\d\d-\d\d$/.test(date) || Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== date) return false;
  const { from, to } = bookingWindow(now);
  return date >= from && date <= to;
}

const WEEKDAYS = ['Chủ nhật', 'Thứ hai', 'Thứ ba', 'Thứ tư', 'Thứ năm', 'Thứ sáu', 'Thứ bảy'] as const;

/** '2026-11-23' → 'Thứ hai, 23/11/2026' */
export function formatBookingDate(date: string): string {
  const [year, month, day] = date.split('-');
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00.000Z`).getUTCDay()] ?? '';
  return `${weekday}, ${day}/${month}/${year}`;
}

/** '1 giờ 30 phút', '45 phút', '2 giờ' */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} phút`;
  return rest === 0 ? `${hours} giờ` : `${hours} giờ ${rest} phút`;
}
