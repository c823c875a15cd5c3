import { ApiError, messages } from 'shared-contracts';

interface Envelope {
  success?: boolean;
  message?: string;
  code?: string;
  data?: unknown;
}

/** The `data` of a successful envelope; a 2xx that says `success: false` or carries no data is an ApiError. */
export async function readData<T>(request: Promise<unknown>): Promise<T> {
  const body = (await request) as Envelope | null;
  if (body?.success === false) throw new ApiError(body.message ?? messages.errors.badResponse, 200, body.code ?? 'UNSUCCESSFUL');
  if (body?.data === undefined || body.data === null) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
  return body.data as T;
}

/** For calls whose answer the page does not read (it reloads instead): only `success: false` is a failure. */
export async function readOk(request: Promise<unknown>): Promise<unknown> {
  const body = (await request) as Envelope | null;
  if (body?.success === false) throw new ApiError(body.message ?? messages.errors.badResponse, 200, body.code ?? 'UNSUCCESSFUL');
  return body?.data ?? null;
}

/** The server's Vietnamese message (with its field messages, if any), else the page's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const fields = error.errors.map((entry) => entry.message).filter((text) => text && text !== error.message);
  const main = error.message || fallback;
  return fields.length > 0 ? `${main} ${fields.join(' ')}` : main;
}

/** A 409: someone else changed the record (or it cannot move that way now): explain, then reload. */
export const isConflict = (error: unknown): boolean => error instanceof ApiError && error.status === 409;

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
