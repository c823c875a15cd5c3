import type { ErrorCode, ErrorEnvelope } from 'shared-contracts/schemas';
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

/** The error envelope as the API sends it: its code is one of the catalogue's (shared-contracts' ERROR_CODES). */
export type ApiErrorEnvelope = ErrorEnvelope & { code: ErrorCode };

/** The success envelope `{ success: true, message, data }`; message defaults to 'Thành công'. */
export function ok<T>(data: T, message: string = apiMessages.ok): SuccessEnvelope<T> {
  return { success: true, message, data };
}

/** The error envelope `{ success: false, message, code, errors? }` (errors only when there are some). */
export function failure(code: ErrorCode, message: string, errors?: readonly FieldError[]): ApiErrorEnvelope {
  const envelope: ApiErrorEnvelope = { success: false, message, code };
  if (errors && errors.length > 0) envelope.errors = errors.map(({ field, message: text }) => ({ field, message: text }));
  return envelope;
}
