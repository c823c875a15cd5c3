import { messages } from '../i18n/messages';
import { ApiError, type FieldError } from './apiClient';

/**
 * Readers of the API's envelope `{ success, message, data }` (a refusal: `{ success: false, message, code,
 * errors?, data? }`), for every package's API calls: `readData(apiClient.get('/orders', { signal }))`.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The `message` of a response body (top level, else inside `data`), when it has one. */
export function responseMessage(body: unknown): string | null {
  if (!isRecord(body)) return null;
  return nonEmptyString(body.message) ?? (isRecord(body.data) ? nonEmptyString(body.data.message) : null);
}

/** The `data` of an envelope, or the body itself when it has no envelope. */
export function envelopeData(body: unknown): unknown {
  return isRecord(body) && 'data' in body ? body.data : body;
}

/**
 * A 2xx answer that still says `success: false` is a failure: throws it as the ApiError it stands for. Without a
 * message of its own the error's message is empty, so each screen shows its own fallback text.
 */
export function ensureSucceeded(body: unknown): void {
  if (!isRecord(body) || body.success !== false) return;
  const errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : [];
  throw new ApiError(responseMessage(body) ?? '', 200, nonEmptyString(body.code) ?? 'UNSUCCESSFUL', errors, body);
}

/** The `data` of a successful envelope; a 2xx that says `success: false` or carries no data is an ApiError. */
export async function readData<T>(request: Promise<unknown>): Promise<T> {
  const body = await request;
  ensureSucceeded(body);
  const data = isRecord(body) ? body.data : undefined;
  if (data === undefined || data === null) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
  return data as T;
}

/** For a call whose answer the page does not read (it reloads instead): only `success: false` is a failure. */
export async function readOk(request: Promise<unknown>): Promise<unknown> {
  const body = await request;
  ensureSucceeded(body);
  return (isRecord(body) ? body.data : undefined) ?? null;
}

/** What a write answers: the record as it is now (null if the answer had none) and the server's message. */
export interface Outcome<T> {
  data: T | null;
  message: string | null;
}

/** A write whose answer the page shows: the envelope's `data` and its Vietnamese `message`. */
export async function readOutcome<T>(request: Promise<unknown>): Promise<Outcome<T>> {
  const body = await request;
  ensureSucceeded(body);
  const data = isRecord(body) ? body.data : undefined;
  return { data: (data ?? null) as T | null, message: isRecord(body) ? nonEmptyString(body.message) : null };
}

/** The `data` of an error envelope (some 409/422 carry figures, e.g. `{ productId }` or `{ pendingItems }`). */
export function errorDataOf(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return null;
  return isRecord(error.body.data) ? error.body.data : null;
}
