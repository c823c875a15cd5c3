import { apiClient, readData, readOk, readOutcome, type Outcome } from 'shared-contracts';
import type { InvoicePaymentMethod } from 'shared-contracts/backoffice';
import type { AssignmentInput, InvoicePreview, InvoiceRefundInput, InvoiceRefunds, LinePayerInput, ServiceOrderBoard, ServiceOrderDetail } from 'shared-contracts/schemas';

/** The board and the service order's drawer (spec back-office §7 S5, S7). */
export const serviceOrdersApi = {
  /** GET /service-orders/board?date=: the five columns of the centre's day. */
  board: (date?: string, signal?: AbortSignal) => readData<ServiceOrderBoard>(apiClient.get('/service-orders/board', { query: { date }, signal })),
  /** GET /service-orders/:id: the detail, with availableActions. */
  detail: (id: number, signal?: AbortSignal) => readData<ServiceOrderDetail>(apiClient.get(`/service-orders/${id}`, { signal })),
  /** PATCH /service-orders/:id/assignment {version, technicianId, bayNo}: 409 SERVICE_ORDER_CHANGED when stale. */
  assign: (id: number, input: AssignmentInput) => readOk(apiClient.patch(`/service-orders/${id}/assignment`, input)),
  /** POST /service-orders/:id/reopen {version, reason}. */
  reopen: (id: number, version: number, reason: string) => readOk(apiClient.post(`/service-orders/${id}/reopen`, { version, reason })),
  /** POST /service-orders/:id/cancel {version, reason}. */
  cancel: (id: number, version: number, reason: string) => readOk(apiClient.post(`/service-orders/${id}/cancel`, { version, reason })),
  /** PUT /service-orders/:id/lines/:lineId/payer {payer, version}: the order's detail as it is now, with the server's message. */
  setLinePayer: (id: number, lineId: number, input: LinePayerInput): Promise<Outcome<ServiceOrderDetail>> =>
    readOutcome(apiClient.put(`/service-orders/${id}/lines/${lineId}/payer`, input)),
  /** GET /service-orders/:id/invoice-preview: what the invoice will be. */
  invoicePreview: (id: number, signal?: AbortSignal) => readData<InvoicePreview>(apiClient.get(`/service-orders/${id}/invoice-preview`, { signal })),
  /** POST /service-orders/:id/invoice: issues it (idempotent); the drawer then reloads the detail, which carries it. */
  issueInvoice: (id: number) => readOk(apiClient.post(`/service-orders/${id}/invoice`, {})),
  /** POST /service-orders/:id/payment/confirm {method}: cash received, or the VietQR transfer arrived. */
  /** `amountReceived`: the cash handed over (CASH only, at least the total), recorded with the change. */
  confirmPayment: (id: number, method: InvoicePaymentMethod, amountReceived?: number) =>
    readOk(apiClient.post(`/service-orders/${id}/payment/confirm`, amountReceived === undefined ? { method } : { method, amountReceived })),
  /** GET /service-orders/:id/invoice/refunds: what was paid, given back and is left; the refunds; whether the caller may refund. */
  invoiceRefunds: (id: number, signal?: AbortSignal) => readData<InvoiceRefunds>(apiClient.get(`/service-orders/${id}/invoice/refunds`, { signal })),
  /** POST /service-orders/:id/invoice/refunds {amount, method, reference?, reason}: answers the refunds as they are now. */
  refundInvoice: (id: number, input: InvoiceRefundInput) => readData<InvoiceRefunds>(apiClient.post(`/service-orders/${id}/invoice/refunds`, input)),
};

export type ServiceOrdersApi = typeof serviceOrdersApi;
