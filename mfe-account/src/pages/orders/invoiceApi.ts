import { apiClient, readData } from 'shared-contracts';
import { downloadApiFile, openApiFile } from '../../service/apiFiles';
import type { VatInvoiceRequest, VatInvoiceRequestInput } from 'shared-contracts/schemas';

const orderPath = (code: string) => `/orders/${encodeURIComponent(code)}`;

/** The receipt of a paid order and the company VAT-invoice request (shop-operations §6). */
export const invoiceApi = {
  /** GET /orders/:code/receipt.pdf, saved as bien-nhan-{code}.pdf. */
  downloadReceipt: (code: string) => downloadApiFile(`${orderPath(code)}/receipt.pdf`, `bien-nhan-${code}.pdf`),
  /** The same PDF in a new tab, to print. */
  printReceipt: (code: string) => openApiFile(`${orderPath(code)}/receipt.pdf`),
  /** GET /orders/:code/vat-invoice-request: the request made, or null. */
  vatRequest: (code: string, signal?: AbortSignal) => readData<VatInvoiceRequest | null>(apiClient.get(`${orderPath(code)}/vat-invoice-request`, { signal })),
  /** POST /orders/:code/vat-invoice-request: made, or replaced while not yet issued. */
  askVatInvoice: (code: string, input: VatInvoiceRequestInput) => readData<VatInvoiceRequest>(apiClient.post(`${orderPath(code)}/vat-invoice-request`, input)),
};
