import { VIETNAM_TIME_ZONE } from '../calendar';
import { lazily } from './lazily';

/** The shop's time zone: Vietnam's (the calendar module's). */
export const SHOP_TIME_ZONE = VIETNAM_TIME_ZONE;

const dateFormat = lazily(() => new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
}));

const timeFormat = lazily(() => new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
}));

/** dd/MM/yyyy in Asia/Ho_Chi_Minh. */
export function formatDate(value: Date | string | number): string {
  return dateFormat().format(new Date(value));
}

/** HH:mm dd/MM/yyyy in Asia/Ho_Chi_Minh. */
export function formatDateTime(value: Date | string | number): string {
  const date = new Date(value);
  return `${timeFormat().format(date)} ${dateFormat().format(date)}`;
}
