/**
 * A Vietnamese mobile number in the international form the providers take ('84912345678'): from '0912345678',
 * '+84 912 345 678' or '84912345678'; null when it is not a Vietnamese mobile number (9 digits after 0/84, 3/5/7/8/9 first).
 */
export function toInternationalVietnamesePhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[\s.()-]/g, '').replace(/^\+/, '');
  const national = digits.startsWith('84') ? digits.slice(2) : digits.startsWith('0') ? digits.slice(1) : null;
  if (national === null || !/^[35789]\d{8}$/.test(national)) return null;
  return `84${national}`;
}
