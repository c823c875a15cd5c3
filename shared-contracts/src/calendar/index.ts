/**
 * Vietnamese calendar arithmetic, pure and zod-free: Asia/Ho_Chi_Minh is UTC+7 all year (no daylight saving), so
 * dates and clock times are plain offsets from UTC. One source for the API (booking schedule, reminders, emails),
 * the shared pricing (birth month) and the booking wizard ('shared-contracts/calendar', bundled into its chunk).
 * Calendar dates are 'YYYY-MM-DD', clock times 'HH:MM'.
 */

/** Asia/Ho_Chi_Minh is UTC+7 all year round. */
export const VIETNAM_UTC_OFFSET_MINUTES = 7 * 60;
/** Vietnam's UTC offset as ISO 8601 writes it after a local time. */
export const VIETNAM_UTC_OFFSET = '+07:00';
/** The IANA name of Vietnam's time zone, for what takes a zone by name (cron schedules, Intl formats). */
export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** Slots are 30 minutes long; a service occupies every slot its duration covers. */
export const SLOT_MINUTES = 30;
/** Bookings are taken from today to this many days ahead (Vietnamese dates). */
export const BOOKING_DAYS_AHEAD = 30;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const OFFSET_MS = VIETNAM_UTC_OFFSET_MINUTES * MINUTE_MS;

/** 'YYYY-MM-DD' that is a real calendar date ('2027-02-30' is not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The Vietnamese calendar date of an instant ('2026-12-31T17:30:00Z' → '2027-01-01'). */
export function vietnamDateOf(instant: Date | string | number): string {
  return new Date(new Date(instant).getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The Vietnamese wall-clock time of an instant, 'HH:MM' ('2026-03-05T02:05:00Z' → '09:05'). */
export function vietnamClockOf(instant: Date | string | number): string {
  return new Date(new Date(instant).getTime() + OFFSET_MS).toISOString().slice(11, 16);
}

/** The day of the week of an instant in Vietnam, 1 = Monday … 7 = Sunday (ISO 8601). */
export function vietnamWeekdayOf(instant: Date | string | number): number {
  return new Date(new Date(instant).getTime() + OFFSET_MS).getUTCDay() || 7;
}

/**
 * The Vietnamese wall-clock date and time of an instant to the second, 'YYYY-MM-DD HH:MM:SS' ('2026-03-05T02:05:07Z'
 * → '2026-03-05 09:05:07'), as Vietnamese payment providers write their times.
 */
export function vietnamTimestampOf(instant: Date | string | number): string {
  return new Date(new Date(instant).getTime() + OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}

/** The month (1–12) of an instant in Vietnam. */
export function vietnamMonthOf(instant: Date | string | number): number {
  return new Date(new Date(instant).getTime() + OFFSET_MS).getUTCMonth() + 1;
}

/**
 * The instant of a Vietnamese date and clock time, 'HH:MM' or 'HH:MM:SS' ('2027-01-01', '00:30' →
 * 2026-12-31T17:30:00.000Z); an Invalid Date when they are not a real date and time.
 */
export function vietnamInstant(date: string, clock: string): Date {
  return new Date(Date.parse(`${date}T${clock.length === 5 ? `${clock}:00` : clock}.000Z`) - OFFSET_MS);
}

/** An instant as a datetime-local value, Vietnam's wall clock 'YYYY-MM-DDTHH:MM' ('2026-03-05T02:05:00Z' → '2026-03-05T09:05'). */
export function vietnamLocalDateTimeOf(instant: Date | string | number): string {
  return new Date(new Date(instant).getTime() + OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * A Vietnamese wall-clock 'YYYY-MM-DDTHH:MM' (a datetime-local value) as ISO 8601 with Vietnam's offset, as a client
 * sends it ('2026-12-01T00:00' → '2026-12-01T00:00:00+07:00').
 */
export function withVietnamOffset(localDateTime: string): string {
  return `${localDateTime}:00${VIETNAM_UTC_OFFSET}`;
}

/** 'YYYY-MM-DD' plus whole days ('2026-01-31', 1 → '2026-02-01'). */
export function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → dd/MM/yyyy. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** 'HH:mm dd/MM/yyyy' of an instant in Vietnam. */
export function formatVietnamDateTime(instant: Date | string | number): string {
  return `${vietnamClockOf(instant)} ${formatCalendarDate(vietnamDateOf(instant))}`;
}

/** The dates a booking may use at `now`: today (Vietnamese date) to today + 30 days, both included. */
export function bookingDateWindow(now: Date = new Date()): { from: string; to: string } {
  const from = vietnamDateOf(now);
  return { from, to: addCalendarDays(from, BOOKING_DAYS_AHEAD) };
}

/** A real calendar date inside the booking window at `now`. */
export function isBookableDate(date: string, now: Date = new Date()): boolean {
  if (!isCalendarDate(date)) return false;
  const { from, to } = bookingDateWindow(now);
  return date >= from && date <= to;
}
