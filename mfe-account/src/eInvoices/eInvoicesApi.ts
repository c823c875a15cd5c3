import { apiClient, readData } from 'shared-contracts';
import type { CustomerEInvoice } from 'shared-contracts/schemas';
import { downloadApiFile } from '../service/apiFiles';

/** What the sale's e-invoices answer: `{ items }` (an answer without its list reads as none). */
async function itemsOf(request: Promise<unknown>): Promise<CustomerEInvoice[]> {
  const data = await readData<{ items?: CustomerEInvoice[] }>(request);
  return Array.isArray(data.items) ? data.items : [];
}

/** The invoice's file name as the server gives it, for a browser that does not read Content-Disposition. */
const fileNameOf = (invoice: CustomerEInvoice) => `hoa-don-dien-tu-${invoice.series ?? ''}-${invoice.number ?? invoice.id}.pdf`;

/** The customer's e-invoices of a web order or of a visit (issue 64), and an issued one's PDF. */
export const eInvoicesApi = {
  /** GET /orders/:code/e-invoices: the order's invoice and its corrections, oldest first. */
  ofOrder: (code: string, signal?: AbortSignal) => itemsOf(apiClient.get(`/orders/${encodeURIComponent(code)}/e-invoices`, { signal })),
  /** GET /appointments/:id/e-invoices: the visit's (its service invoice's) invoices, oldest first. */
  ofVisit: (appointmentId: number, signal?: AbortSignal) => itemsOf(apiClient.get(`/appointments/${appointmentId}/e-invoices`, { signal })),
  /**
   * The issued invoice's PDF (`pdfUrl`, '/api/e-invoices/:id/invoice.pdf'), fetched with the session's token and
   * saved, as the receipt is: the API base is the remote's own, so the URL's '/api' is dropped.
   */
  downloadPdf: (invoice: CustomerEInvoice & { pdfUrl: string }) => downloadApiFile(invoice.pdfUrl.replace(/^\/api(?=\/)/, ''), fileNameOf(invoice)),
};
