import { ERROR_CODES } from 'shared-contracts/schemas';
import { AppError } from '../http/appError';
import { CountersUnavailableError, type CounterStore } from './counters';

/**
 * The throttling rules of sign-in and one-time codes.
 *
 * Failed logins are counted three ways, each in a window of loginWindowMs (15 min), so that an attacker cannot
 * lock the owner out and guessing stays bounded:
 *
 * - per account and address: 5 failures lock that pair. The owner's typos lock only the owner's own address; an
 *   attacker's flood from one address locks only the attacker's address, the owner signs in from theirs at once.
 * - per address: 20 failures across accounts lock the address (credential stuffing).
 * - per account, from every address: past 20 failures (a guessing attack spread over many addresses) the
 *   account only accepts attempts from addresses it signed in from successfully within knownAddressMs (30
 *   days), each still under its own 5. Every other address gets 429 before its password is even checked, so
 *   the guesses an attacker can make against one account are bounded (about 20 per window, plus 5 per known
 *   address) however many addresses they use, and the owner on a usual address is not stopped. An owner on a
 *   new address during such an attack resets the password by email, which clears the account's count.
 *
 * A correct password clears its own pair's count only: the account-wide count runs out with its window (else
 * every sign-in of the owner would hand the attacker a new budget).
 */
export interface ThrottleLimits {
  /** Failed logins of one account from one IP address within loginWindowMs before that pair is locked. */
  loginFailuresPerAccountAndIp: number;
  /** Failed logins of one account (email or phone) from all addresses within loginWindowMs before only its known addresses may try. */
  loginFailuresPerAccount: number;
  /** Failed logins from one IP address within loginWindowMs. */
  loginFailuresPerIp: number;
  loginWindowMs: number;
  /** How long an address an account signed in from stays known to it. */
  knownAddressMs: number;
  /** Code emails per address: at most 1 per minute and 5 per hour. */
  codeSendsPerMinute: number;
  codeSendsPerHour: number;
  /** Guest bookings (each holds a slot and emails a code) from one IP address per hour. */
  guestBookingsPerIpPerHour: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  loginFailuresPerAccountAndIp: 5,
  loginFailuresPerAccount: 20,
  loginFailuresPerIp: 20,
  loginWindowMs: 15 * 60 * 1000,
  knownAddressMs: 30 * 24 * 60 * 60 * 1000,
  codeSendsPerMinute: 1,
  codeSendsPerHour: 5,
  guestBookingsPerIpPerHour: 10,
};


/** A 429 with a Vietnamese message; the route sets Retry-After from `retryAfterSeconds`. */
export class ThrottledError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterMs: number) {
    super(429, ERROR_CODES.TOO_MANY_REQUESTS, message);
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

/** What the user reads when the counters (Redis) are down: a 503 that says what could not be done. */
export const countersDownMessages = {
  login: 'Hệ thống tạm thời không đăng nhập được, vui lòng thử lại sau ít phút.',
  codeSend: 'Hệ thống tạm thời không gửi được mã, vui lòng thử lại sau ít phút.',
  guestBooking: 'Hệ thống tạm thời không nhận đặt lịch, vui lòng thử lại sau ít phút.',
};

/**
 * After a change already committed (a password reset, a booking made), a counter outage must not turn that success
 * into a 503 the user would retry: the count is skipped (it runs out with its window) and the answer stands.
 */
async function unlessCountersDown(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof CountersUnavailableError)) throw error;
  }
}

/** Runs `work`; a CountersUnavailableError it throws comes out with `message` (same 503, same cause). */
async function saying<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CountersUnavailableError) throw new CountersUnavailableError(message, { cause: error.cause });
    throw error;
  }
}

export interface Throttle {
  /**
   * Throws 429 when the account from this IP, or the IP, has used up its failed logins, or the account has
   * and this IP is not one it signed in from (see ThrottleLimits).
   */
  assertLoginAllowed(accountKey: string, ip: string): Promise<void>;
  recordLoginFailure(accountKey: string, ip: string): Promise<void>;
  /** A successful login clears the failures of this account from this IP (not the IP's, not the account-wide count) and remembers the IP as known to the account. */
  recordLoginSuccess(accountKey: string, ip: string): Promise<void>;
  /** The password was reset through the mailbox: the account-wide count starts again. */
  recordPasswordReset(accountKey: string): Promise<void>;
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
  const pairKey = (key: string, ip: string) => `login:pair:${key.toLowerCase()}:${ip}`;
  const knownKey = (key: string, ip: string) => `login:known:${key.toLowerCase()}:${ip}`;
  const ipKey = (ip: string) => `login:ip:${ip}`;
  const guestIpKey = (ip: string) => `guest-booking:ip:${ip}`;
  const guestEmailKey = (email: string) => `guest-booking:email:${email.toLowerCase()}`;
  return {
    assertLoginAllowed: (account, ip) => saying(countersDownMessages.login, async () => {
      const [pair, perIp, perAccount] = await Promise.all([counters.get(pairKey(account, ip)), counters.get(ipKey(ip)), counters.get(accountKey(account))]);
      if (pair.count >= limits.loginFailuresPerAccountAndIp) throw new ThrottledError(throttleMessages.login(pair.resetInMs), pair.resetInMs);
      if (perIp.count >= limits.loginFailuresPerIp) throw new ThrottledError(throttleMessages.login(perIp.resetInMs), perIp.resetInMs);
      if (perAccount.count >= limits.loginFailuresPerAccount && (await counters.get(knownKey(account, ip))).count === 0) {
        throw new ThrottledError(throttleMessages.login(perAccount.resetInMs), perAccount.resetInMs);
      }
    }),
    recordLoginFailure: (account, ip) => saying(countersDownMessages.login, async () => {
      await Promise.all([
        counters.increment(pairKey(account, ip), limits.loginWindowMs),
        counters.increment(accountKey(account), limits.loginWindowMs),
        counters.increment(ipKey(ip), limits.loginWindowMs),
      ]);
    }),
    recordLoginSuccess: (account, ip) => saying(countersDownMessages.login, async () => {
      await Promise.all([counters.reset(pairKey(account, ip)), counters.increment(knownKey(account, ip), limits.knownAddressMs)]);
    }),
    recordPasswordReset: (account) =>
      unlessCountersDown(async () => {
        await counters.reset(accountKey(account));
      }),
    takeCodeSend: (purpose, address) => saying(countersDownMessages.codeSend, async () => {
      const key = `${purpose}:${address.toLowerCase()}`;
      const minute = await counters.increment(`code:minute:${key}`, 60_000);
      if (minute.count > limits.codeSendsPerMinute) throw new ThrottledError(throttleMessages.codeTooSoon(minute.resetInMs), minute.resetInMs);
      const hour = await counters.increment(`code:hour:${key}`, 60 * 60_000);
      if (hour.count > limits.codeSendsPerHour) throw new ThrottledError(throttleMessages.codeHourly(hour.resetInMs), hour.resetInMs);
    }),
    assertGuestBookingAllowed: (ip, email) => saying(countersDownMessages.guestBooking, async () => {
      const [fromIp, toEmail] = await Promise.all([counters.get(guestIpKey(ip)), counters.get(guestEmailKey(email))]);
      if (fromIp.count >= limits.guestBookingsPerIpPerHour) throw new ThrottledError(throttleMessages.guestBookings(fromIp.resetInMs), fromIp.resetInMs);
      if (toEmail.count >= limits.codeSendsPerHour) throw new ThrottledError(throttleMessages.guestBookings(toEmail.resetInMs), toEmail.resetInMs);
    }),
    recordGuestBooking: (ip, email) =>
      unlessCountersDown(async () => {
        await Promise.all([counters.increment(guestIpKey(ip), 60 * 60_000), counters.increment(guestEmailKey(email), 60 * 60_000)]);
      }),
  };
}
