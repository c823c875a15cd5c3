import { ApiError, type FieldError } from 'shared-contracts';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The `message` field of a response body (top level, else inside `data`). */
export function responseMessage(body: unknown): string | null {
  if (!isRecord(body)) return null;
  return nonEmptyString(body.message) ?? (isRecord(body.data) ? nonEmptyString(body.data.message) : null);
}

/** The `data` of an envelope `{ success, message, data }`, or the body itself when it has no envelope. */
export function envelopeData(body: unknown): unknown {
  return isRecord(body) && 'data' in body ? body.data : body;
}

/** A 2xx answer that still says `success: false` is a failure too. */
export function ensureSucceeded(body: unknown): void {
  if (isRecord(body) && body.success === false) {
    const errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : [];
    throw new ApiError(responseMessage(body) ?? '', 200, typeof body.code === 'string' ? body.code : 'UNSUCCESSFUL', errors, body);
  }
}

/**
 * The text to show for a failed call: the server's message when the response has one, else the
 * screen's own fallback. A call that never reached the server (network down, timeout) says so with
 * the API client's Vietnamese message instead of a misleading fallback such as "wrong code".
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    // status 0: no response at all (the client keeps the thrown error in `body`, not a server answer)
    if (error.status === 0) return error.code === 'NETWORK' || error.code === 'TIMEOUT' ? error.message : fallback;
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
