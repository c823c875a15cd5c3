import { AppError } from '../http/appError';
import type { CounterStore } from './counters';

/** The throttling rules of sign-in and one-time codes. */
export interface ThrottleLimits {
  /** Failed logins per account (email or phone) within loginWindowMs before it is locked for the rest of the window. */
  loginFailuresPerAccount: number;
  /** Failed logins from one IP address within loginWindowMs. */
  loginFailuresPerIp: number;
  loginWindowMs: number;
  /** Code emails per address: at most 1 per minute and 5 per hour. */
  codeSendsPerMinute: number;
  codeSendsPerHour: number;
  /** Guest bookings (each holds a slot and emails a code) from one IP address per hour. */
  guestBookingsPerIpPerHour: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  loginFailuresPerAccount: 5,
  loginFailuresPerIp: 20,
  loginWindowMs: 15 * 60 * 1000,
  codeSendsPerMinute: 1,
  codeSendsPerHour: 5,
  guestBookingsPerIpPerHour: 10,
};

export const TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS';

/** A 429 with a Vietnamese message; the route sets Retry-After from `retryAfterSeconds`. */
export class ThrottledError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterMs: number) {
    super(429, TOO_MANY_REQUESTS, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

/** Runs `work`; a ThrottledError it throws gets its Retry-After header on `reply` before going on to the error handler. */
export async function withRetryAfter<T>(reply: { header(name: string, value: string): unknown }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds <= 60) return `${seconds} giây`;
  return `${Math.ceil(seconds / 60)} phút`;
}

export const throttleMessages = {
  login: (ms: number) => `Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau ${waitText(ms)}.`,
  codeTooSoon: (ms: number) => `Bạn vừa yêu cầu mã. Vui lòng đợi ${waitText(ms)} trước khi gửi lại.`,
  codeHourly: (ms: number) => `Bạn đã yêu cầu quá nhiều mã trong một giờ. Vui lòng thử lại sau ${waitText(ms)}.`,
  guestBookings: (ms: number) => `Bạn đã đặt lịch quá nhiều lần khi chưa đăng nhập. Vui lòng thử lại sau ${waitText(ms)} hoặc đăng nhập để đặt lịch.`,
};

export interface Throttle {
  /** Throws 429 when the account or the IP has used up its failed logins. */
  assertLoginAllowed(accountKey: string, ip: string): Promise<void>;
  recordLoginFailure(accountKey: string, ip: string): Promise<void>;
  /** A successful login clears the account's failures (not the IP's). */
  recordLoginSuccess(accountKey: string): Promise<void>;
  /**
   * Counts one code email to `address` for `purpose`; throws 429 when one was sent less than a minute ago or
   * five within the hour. Applies whether or not the address is registered (the answer must not tell).
   */
  takeCodeSend(purpose: string, address: string): Promise<void>;
  /**
   * Throws 429 when `ip` has made guestBookingsPerIpPerHour guest bookings within the hour, or `email` has been
   * sent codeSendsPerHour booking codes. Only bookings that were made count (recordGuestBooking): a guest who
   * picked a slot that just filled up may try the next one at once.
   */
  assertGuestBookingAllowed(ip: string, email: string): Promise<void>;
  recordGuestBooking(ip: string, email: string): Promise<void>;
}

export function createThrottle(counters: CounterStore, limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS): Throttle {
  const accountKey = (key: string) => `login:account:${key.toLowerCase()}`;
  const ipKey = (ip: string) => `login:ip:${ip}`;
  const guestIpKey = (ip: string) => `guest-booking:ip:${ip}`;
  const guestEmailKey = (email: string) => `guest-booking:email:${email.toLowerCase()}`;
  return {
    async assertLoginAllowed(account, ip) {
      const [perAccount, perIp] = await Promise.all([counters.get(accountKey(account)), counters.get(ipKey(ip))]);
      if (perAccount.count >= limits.loginFailuresPerAccount) throw new ThrottledError(throttleMessages.login(perAccount.resetInMs), perAccount.resetInMs);
      if (perIp.count >= limits.loginFailuresPerIp) throw new ThrottledError(throttleMessages.login(perIp.resetInMs), perIp.resetInMs);
    },
    async recordLoginFailure(account, ip) {
      await Promise.all([counters.increment(accountKey(account), limits.loginWindowMs), counters.increment(ipKey(ip), limits.loginWindowMs)]);
    },
    async recordLoginSuccess(account) {
      await counters.reset(accountKey(account));
    },
    async takeCodeSend(purpose, address) {
      const key = `${purpose}:${address.toLowerCase()}`;
      const minute = await counters.increment(`code:minute:${key}`, 60_000);
      if (minute.count > limits.codeSendsPerMinute) throw new ThrottledError(throttleMessages.codeTooSoon(minute.resetInMs), minute.resetInMs);
      const hour = await counters.increment(`code:hour:${key}`, 60 * 60_000);
      if (hour.count > limits.codeSendsPerHour) throw new ThrottledError(throttleMessages.codeHourly(hour.resetInMs), hour.resetInMs);
    },
    async assertGuestBookingAllowed(ip, email) {
      const [fromIp, toEmail] = await Promise.all([counters.get(guestIpKey(ip)), counters.get(guestEmailKey(email))]);
      if (fromIp.count >= limits.guestBookingsPerIpPerHour) throw new ThrottledError(throttleMessages.guestBookings(fromIp.resetInMs), fromIp.resetInMs);
      if (toEmail.count >= limits.codeSendsPerHour) throw new ThrottledError(throttleMessages.guestBookings(toEmail.resetInMs), toEmail.resetInMs);
    },
    async recordGuestBooking(ip, email) {
      await Promise.all([counters.increment(guestIpKey(ip), 60 * 60_000), counters.increment(guestEmailKey(email), 60 * 60_000)]);
    },
  };
}
