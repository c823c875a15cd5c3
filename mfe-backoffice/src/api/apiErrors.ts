import { ApiError } from 'shared-contracts';

// What the back office's pages read of a failed call (the API client's ApiError): the text to show, its kind.

/** The server's Vietnamese message (with its field messages, if any), else the page's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const fields = error.errors.map((entry) => entry.message).filter((text) => text && text !== error.message);
  const main = error.message || fallback;
  return fields.length > 0 ? `${main} ${fields.join(' ')}` : main;
}

/** A 409: someone else changed the record (or it cannot move that way now): explain, then reload. */
export const isConflict = (error: unknown): boolean => error instanceof ApiError && error.status === 409;

/** A 403: the server refused the caller this action (what the page offered no longer holds): explain, then reload. */
export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/** The field messages of a 422, by field name (the last path segment). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  for (const entry of error.errors) {
    const field = entry.field.split('.').pop() ?? entry.field;
    result[field] ??= entry.message;
  }
  return result;
}
