import { apiClient, readData } from 'shared-contracts';
import type { StaffOrderSummary } from 'shared-contracts/schemas';

/** VietQR transfers for staff (shop contract): the orders waiting for one, and the confirmation of receipt. */
export const paymentsApi = {
  /** GET /staff/orders?status=PENDING_PAYMENT: newest first. */
  awaitingTransfer: (signal?: AbortSignal) => readData<StaffOrderSummary[]>(apiClient.get('/staff/orders?status=PENDING_PAYMENT&limit=100', { signal })),
  /** POST /orders/:code/payment/confirm: the money arrived; the order moves on to PLACED and is paid. */
  confirm: (code: string) => readData<unknown>(apiClient.post(`/orders/${encodeURIComponent(code)}/payment/confirm`, {})),
};
