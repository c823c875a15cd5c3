import type { ErrorEnvelope } from 'shared-contracts/schemas';
import { apiMessages } from './messages';

export interface FieldError {
  /** Dotted path of the field ('address.city', 'items.0.quantity'), or the request part ('body'). */
  field: string;
  message: string;
}

export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  data: T;
}

export type { ErrorEnvelope };

/** The success envelope `{ success: true, message, data }`; message defaults to 'Thành công'. */
export function ok<T>(data: T, message: string = apiMessages.ok): SuccessEnvelope<T> {
  return { success: true, message, data };
}

/** The error envelope `{ success: false, message, code, errors? }` (errors only when there are some). */
export function failure(code: string, message: string, errors?: readonly FieldError[]): ErrorEnvelope {
  const envelope: ErrorEnvelope = { success: false, message, code };
  if (errors && errors.length > 0) envelope.errors = errors.map(({ field, message: text }) => ({ field, message: text }));
  return envelope;
}
