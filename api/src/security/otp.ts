import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP_TTL_MS = 10 * 60 * 1000;
/** Wrong tries a code survives: the 5th wrong try kills it, even the right code is refused afterwards. */
export const OTP_MAX_FAILED_ATTEMPTS = 5;

/** Six random digits ('000000'–'999999') from the CSPRNG. */
export function generateOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * The stored form of a code: HMAC-SHA256 keyed with the server secret and bound to the user and purpose,
 * so a leaked table cannot be reversed by trying the million codes.
 */
export function hashOtpCode(secret: string, userId: number, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('hex');
}

export function otpHashMatches(storedHex: string, candidateHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const candidate = Buffer.from(candidateHex, 'hex');
  return stored.length === candidate.length && timingSafeEqual(stored, candidate);
}

/** 'ok' (the code is now used up), 'wrong', 'locked' (too many wrong tries: ask for a new code), 'expired' (no live code). */
export type OtpCheck = 'ok' | 'wrong' | 'locked' | 'expired';

/** The live (unused, unexpired) code an attempt is checked against. */
export interface LiveOtpCode {
  id: number;
  code_hash: string;
  failed_attempts: number;
}

/** Where a kind of code is kept: the two conditional writes an attempt may make. */
export interface OtpCodeStore {
  /** Marks the code used if it still is unused and not locked; false when another request got there first. */
  markUsed(id: number): Promise<boolean>;
  countFailure(id: number): Promise<void>;
}

/**
 * One attempt at a single-use code (account codes and guest-booking codes alike): a wrong code counts against
 * the code, and after OTP_MAX_FAILED_ATTEMPTS it is dead, the right code included; a right code is used once,
 * also against two simultaneous requests with it.
 */
export async function settleOtpAttempt(live: LiveOtpCode | undefined, attemptHash: string, store: OtpCodeStore): Promise<OtpCheck> {
  if (!live) return 'expired';
  if (live.failed_attempts >= OTP_MAX_FAILED_ATTEMPTS) return 'locked';
  if (otpHashMatches(live.code_hash, attemptHash)) return (await store.markUsed(live.id)) ? 'ok' : 'expired';
  await store.countFailure(live.id);
  return live.failed_attempts + 1 >= OTP_MAX_FAILED_ATTEMPTS ? 'locked' : 'wrong';
}
