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
