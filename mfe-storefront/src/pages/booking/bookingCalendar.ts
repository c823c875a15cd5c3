/**
 * How the booking wizard words dates and durations. The Vietnamese calendar arithmetic (booking window, dates of
 * instants) is shared-contracts' zod-free 'shared-contracts/calendar', the same the API's schedule uses.
 */

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
