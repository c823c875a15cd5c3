import { ApiError, messages } from 'shared-contracts';

interface Envelope {
  success?: boolean;
  message?: string;
  code?: string;
  data?: unknown;
}

/** What a write answers: the record as it is now (null if the answer had none) and the server's message. */
export interface Outcome<T> {
  data: T | null;
  message: string | null;
}

/**
 * A write whose answer the page shows: the envelope's `data` and its Vietnamese `message` (the parts and
 * inventory writes say what happened, e.g. 'Đã duyệt yêu cầu, nhưng chưa giữ được hàng…'). A 2xx that says
 * `success: false` is an ApiError, as apiRead's readers do.
 */
export async function readOutcome<T>(request: Promise<unknown>): Promise<Outcome<T>> {
  const body = (await request) as Envelope | null;
  if (body?.success === false) throw new ApiError(body.message ?? messages.errors.badResponse, 200, body.code ?? 'UNSUCCESSFUL', [], body);
  const message = typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : null;
  return { data: (body?.data ?? null) as T | null, message };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `data` of an error envelope `{ success: false, message, code, data }` (some 409/422 carry figures). */
export function errorDataOf(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return null;
  return isRecord(error.body.data) ? error.body.data : null;
}
