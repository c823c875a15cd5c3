import { ApiError, responseMessage } from 'shared-contracts';
import { CLIENT_ERROR_CODES } from 'shared-contracts/errors';

// What the account's pages read of a failed call (the API client's ApiError), and the plain-object check they share.

/** A plain object (a response body, or a part of one). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The text to show for a failed call: the server's message when the response has one, else the
 * screen's own fallback. A call that never reached the server (network down, timeout) says so with
 * the API client's Vietnamese message instead of a misleading fallback such as "wrong code".
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    // status 0: no response at all (the client keeps the thrown error in `body`, not a server answer)
    if (error.status === 0) return error.code === CLIENT_ERROR_CODES.NETWORK || error.code === CLIENT_ERROR_CODES.TIMEOUT ? error.message : fallback;
    const fromServer = responseMessage(error.body);
    if (fromServer) return fromServer;
  }
  return fallback;
}

/** The server's per-field messages (`errors: [{ field, message }]`), first message per field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!(error instanceof ApiError)) return result;
  for (const entry of error.errors) {
    if (typeof entry.field !== 'string' || !entry.field) continue;
    // "body.email" or "email" → "email"
    const field = entry.field.split('.').pop()!;
    result[field] ??= entry.message;
  }
  return result;
}
