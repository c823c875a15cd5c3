import { apiClient, readData } from 'shared-contracts';
import type { InvoicePointsOffer, ServiceInvoice } from 'shared-contracts/schemas';

/** Members' points on an unpaid service invoice at the counter (issue 67 §4). */
export const invoicePointsApi = {
  /** The member's balance and the most their points may pay of the invoice. */
  offer: (invoiceId: number, signal?: AbortSignal) => readData<InvoicePointsOffer>(apiClient.get(`/staff/service-invoices/${invoiceId}/points`, { signal })),
  /** Spends `points` with the customer's 6-digit consent code: the invoice with its lowered total. */
  apply: (invoiceId: number, points: number, consentCode: string) => readData<ServiceInvoice>(apiClient.post(`/staff/service-invoices/${invoiceId}/points`, { points, consentCode })),
  /** Gives the points back before payment: the invoice with its total restored. */
  remove: (invoiceId: number) => readData<ServiceInvoice>(apiClient.delete(`/staff/service-invoices/${invoiceId}/points`)),
};
