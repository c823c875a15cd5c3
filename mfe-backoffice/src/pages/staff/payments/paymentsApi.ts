import { apiClient, readData } from 'shared-contracts';
import type { RecordedTransferInput, RecordedTransferOutcome, WebOrderList } from 'shared-contracts/schemas';

/** VietQR transfers at the desk: the centre's orders waiting for one, and a transfer recorded from the bank statement. */
export const paymentsApi = {
  /** GET /staff/web-orders?status=PENDING_PAYMENT&paymentMethod=VIETQR: the caller's centre only, newest first. */
  awaitingTransfer: (signal?: AbortSignal) =>
    readData<WebOrderList>(apiClient.get('/staff/web-orders', { query: { status: 'PENDING_PAYMENT', paymentMethod: 'VIETQR', pageSize: 100 }, signal })).then((list) => list.items),
  /** POST /staff/web-orders/:code/transfers: matched as a bank notification would be (exact total pays the order). */
  recordTransfer: (code: string, input: RecordedTransferInput) =>
    readData<RecordedTransferOutcome>(apiClient.post(`/staff/web-orders/${encodeURIComponent(code)}/transfers`, input)),
};
