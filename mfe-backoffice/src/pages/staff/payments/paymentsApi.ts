import { ApiError, apiClient, messages } from 'shared-contracts';
// Types only: zod never ships in the back office's chunks.
import type { StaffOrderSummary } from 'shared-contracts/schemas';

interface Envelope {
  success?: boolean;
  message?: string;
  code?: string;
  data?: unknown;
}

/** The `data` of a successful envelope; a 2xx that says `success: false` or carries no data is an ApiError. */
async function read<T>(request: Promise<unknown>): Promise<T> {
  const body = (await request) as Envelope | null;
  if (body?.success === false) throw new ApiError(body.message ?? messages.errors.badResponse, 200, body.code ?? 'UNSUCCESSFUL');
  if (body?.data === undefined || body.data === null) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
  return body.data as T;
}

/** VietQR transfers for staff (shop contract): the orders waiting for one, and the confirmation of receipt. */
export const paymentsApi = {
  /** GET /staff/orders?status=PENDING_PAYMENT: newest first. */
  awaitingTransfer: (signal?: AbortSignal) => read<StaffOrderSummary[]>(apiClient.get('/staff/orders?status=PENDING_PAYMENT&limit=100', { signal })),
  /** POST /orders/:code/payment/confirm: the money arrived; the order moves on to PLACED and is paid. */
  confirm: (code: string) => read<unknown>(apiClient.post(`/orders/${encodeURIComponent(code)}/payment/confirm`, {})),
};
