import { SHOP_TIME_ZONE } from 'shared-contracts';
import { notificationMessages } from './notificationMessages';

let dayAndTime: Intl.DateTimeFormat | null = null;

/** dd/MM HH:mm in Asia/Ho_Chi_Minh. */
function shortDateTime(date: Date): string {
  dayAndTime ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = dayAndTime.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')}/${part('month')} ${part('hour')}:${part('minute')}`;
}

/** When a notification came: "Vừa xong", "5 phút trước", "3 giờ trước" within a day, else dd/MM HH:mm. */
export function notificationTime(at: string, now: number = Date.now()): string {
  const date = new Date(at);
  const ago = now - date.getTime();
  if (Number.isNaN(ago)) return '';
  if (ago >= 0 && ago < 60_000) return notificationMessages.justNow;
  if (ago >= 0 && ago < 3_600_000) return notificationMessages.minutesAgo(Math.floor(ago / 60_000));
  if (ago >= 0 && ago < 86_400_000) return notificationMessages.hoursAgo(Math.floor(ago / 3_600_000));
  return shortDateTime(date);
}
