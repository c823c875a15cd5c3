/** Password length accepted everywhere (register, reset, change): 8–128 characters. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export function isAcceptablePasswordLength(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
}

/** A Vietnamese mobile number as stored: 10 digits, 03/05/07/08/09 first. */
export const VIETNAMESE_MOBILE_PATTERN = /^0[35789]\d{8}$/;

/**
 * A Vietnamese mobile number in its stored form (0912345678), from what people type: spaces, dots,
 * dashes and brackets are ignored, and the +84 (or 84) form becomes 0. Returns null for anything that is
 * not a mobile number of the 03/05/07/08/09 ranges.
 */
export function normalizeVietnamesePhone(input: string): string | null {
  let digits = input.trim().replace(/[\s.\-()]/g, '');
  if (digits.startsWith('+84')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('84') && digits.length === 11) digits = `0${digits.slice(2)}`;
  return VIETNAMESE_MOBILE_PATTERN.test(digits) ? digits : null;
}
