import { vietnamDateOf } from 'shared-contracts/calendar';
import {
  isAcceptablePasswordLength,
  normalizeVietnamesePhone,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type Gender,
} from 'shared-contracts';
import { vi } from '../i18n/vi';

/** Field name → Vietnamese message; a field without an entry is valid. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const f = vi.form;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim()) && value.trim().length <= 254;
}

export function checkEmail(value: string): string | undefined {
  if (!value.trim()) return f.required(vi.fields.email);
  return isEmail(value) ? undefined : f.emailInvalid;
}

export function checkPassword(value: string, label: string = vi.fields.password): string | undefined {
  if (!value) return f.required(label);
  return isAcceptablePasswordLength(value) ? undefined : f.passwordLength(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH);
}

export function checkConfirmation(value: string, password: string, label: string): string | undefined {
  if (!value) return f.required(label);
  return value === password ? undefined : f.passwordMismatch;
}

export function checkFullName(value: string): string | undefined {
  const name = value.trim();
  if (!name) return f.required(vi.fields.fullName);
  return name.length >= 2 && name.length <= 100 ? undefined : f.fullNameLength;
}

/** A Vietnamese mobile number, required or not. */
export function checkPhone(value: string, required: boolean): string | undefined {
  if (!value.trim()) return required ? f.required(vi.fields.phoneNumber) : undefined;
  return normalizeVietnamesePhone(value) ? undefined : f.phoneInvalid;
}

export function checkAddress(value: string): string | undefined {
  return value.trim().length > 255 ? f.addressTooLong : undefined;
}

/** today as YYYY-MM-DD in the shop's time zone */
export function todayIso(now: Date = new Date()): string {
  return vietnamDateOf(now);
}

function isRealDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date of birth as YYYY-MM-DD (what a date input gives): a real day, after 1900, not in the future. */
export function checkDateOfBirth(value: string, required: boolean, now: Date = new Date()): string | undefined {
  if (!value) return required ? f.required(vi.fields.dateOfBirth) : undefined;
  if (!isRealDate(value)) return f.dateInvalid;
  if (value < '1900-01-01') return f.dateTooOld;
  if (value > todayIso(now)) return f.dateInFuture;
  return undefined;
}

export function checkGender(value: string, required: boolean): string | undefined {
  if (value === 'MALE' || value === 'FEMALE') return undefined;
  return required || value ? f.chooseGender : undefined;
}

export function isGender(value: string): value is Gender {
  return value === 'MALE' || value === 'FEMALE';
}

export function checkOtp(value: string): string | undefined {
  if (!value) return f.required(vi.fields.otpCode);
  return value.length === OTP_LENGTH ? undefined : f.otpLength;
}

/** Login accepts an email or a Vietnamese mobile number. */
export function checkEmailOrPhone(value: string): string | undefined {
  if (!value.trim()) return f.required(vi.fields.emailOrPhone);
  return isEmail(value) || normalizeVietnamesePhone(value) ? undefined : f.emailOrPhoneInvalid;
}

/** YYYY-MM-DD → dd/MM/yyyy (the way dates are shown); anything else unchanged. */
export function formatIsoDate(value: string): string {
  const match = DATE_PATTERN.exec(value.slice(0, 10));
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** Drops the entries that are undefined: the errors actually found. */
export function collectErrors<K extends string>(checks: Record<K, string | undefined>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(checks) as K[]) {
    const message = checks[key];
    if (message) errors[key] = message;
  }
  return errors;
}
