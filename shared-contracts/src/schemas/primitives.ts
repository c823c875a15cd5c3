import { z } from 'zod';

/**
 * The primitives every request schema builds on, so what the database cannot store is refused at the door
 * (400 with a field message) instead of by the database (PostgreSQL: NUL in text, integers beyond int4):
 *
 * - textInput: a string without control characters or lone surrogates (tab and line breaks kept where the
 *   field is multi-line);
 * - idInput: a row id, 1..2,147,483,647 (an `integer` column), as a JSON number or a string of digits (path
 *   and query parameters are strings);
 * - integerInput / numberInput: other numbers a client sends, the same way. Never coerced from true, [] or {}
 *   (`z.coerce.number()` turned true into 1 and [5] into 5).
 */

/** The largest value of an `integer` column (PostgreSQL int4; the ids of every table). */
export const DB_INTEGER_MAX = 2_147_483_647;

export const UNSAFE_TEXT_MESSAGE = 'Nội dung có ký tự không hợp lệ (ký tự điều khiển hoặc lỗi mã hóa).';

/** Control characters (C0, DEL, C1) and lone surrogates (UTF-16 halves that no UTF-8 text can hold). */
const UNSAFE_SINGLE_LINE = /[\p{Cc}\p{Cs}]/u;
/** The same, minus tab, line feed and carriage return. */
const UNSAFE_MULTI_LINE = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/** Whether `value` holds nothing a text column cannot store or a line of text should not contain. */
export function isSafeText(value: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? UNSAFE_MULTI_LINE : UNSAFE_SINGLE_LINE).test(value);
}

export interface TextInputOptions {
  /** The message when the value is missing or not a string. */
  error?: string;
  /** Keep tab and line breaks (notes, messages, passwords). Default: single-line. */
  multiline?: boolean;
  /** Trim before checking, so surrounding whitespace (a pasted line break) is dropped, not refused. */
  trim?: boolean;
}

/**
 * A string a client sends: control characters and lone surrogates refused. Chain the field's own rules:
 * `textInput({ trim: true, error: 'Vui lòng nhập họ và tên.' }).min(2, '…').max(100, '…')`.
 */
export function textInput(options: TextInputOptions = {}): z.ZodString {
  const base = z.string(options.error === undefined ? undefined : { error: options.error });
  return (options.trim ? base.trim() : base).refine((value) => isSafeText(value, options), { message: UNSAFE_TEXT_MESSAGE });
}

const DIGITS = /^\d{1,20}$/;

/** A string of digits → its number (a path or query parameter); anything else is left for z.number() to refuse. */
function digitsToNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return DIGITS.test(trimmed) ? Number(trimmed) : value;
}

/** A decimal string → its number; anything else is left for z.number() to refuse. */
function decimalToNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return /^-?\d{1,20}(\.\d{1,20})?$/.test(trimmed) ? Number(trimmed) : value;
}

/** A row id: an integer 1..2,147,483,647, sent as a number or a string of digits. */
export function idInput(message = 'Mã không hợp lệ.') {
  return z.preprocess(digitsToNumber, z.number({ error: message }).int({ message, abort: true }).min(1, message).max(DB_INTEGER_MAX, message));
}

export interface NumberInputOptions {
  /** The message of every refusal (missing, not a number, not whole, out of range) unless a finer one is given. */
  message: string;
  /** When the value is missing or not a number. */
  typeMessage?: string;
  min?: number;
  max?: number;
  /** Greater than 0. */
  positive?: boolean;
  /** When below min (or not positive) / above max. */
  minMessage?: string;
  maxMessage?: string;
}

function bounded(schema: z.ZodNumber, options: NumberInputOptions): z.ZodNumber {
  let result = schema;
  if (options.positive) result = result.positive(options.minMessage ?? options.message);
  if (options.min !== undefined) result = result.min(options.min, options.minMessage ?? options.message);
  if (options.max !== undefined) result = result.max(options.max, options.maxMessage ?? options.message);
  return result;
}

/** An integer (page, limit, km, VND...), as a number or a string of digits; at most DB_INTEGER_MAX unless `max` says. */
export function integerInput(options: NumberInputOptions) {
  return z.preprocess(
    digitsToNumber,
    bounded(z.number({ error: options.typeMessage ?? options.message }).int({ message: options.message, abort: true }), { max: DB_INTEGER_MAX, ...options }),
  );
}

/** A finite number (a battery's kWh), as a number or a decimal string. */
export function numberInput(options: NumberInputOptions) {
  return z.preprocess(decimalToNumber, bounded(z.number({ error: options.typeMessage ?? options.message }), options));
}
