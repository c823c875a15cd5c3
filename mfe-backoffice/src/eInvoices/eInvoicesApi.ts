import { apiClient, readData } from 'shared-contracts';
import type { EInvoice, EInvoiceAdjustmentInput, EInvoiceKind, EInvoiceList, EInvoiceStatus, UncoveredSales } from 'shared-contracts/schemas';

/** A sale's kind: a web order (EV…) or a service invoice (HD…). */
export type SaleKind = EInvoice['saleKind'];

/** What the list is filtered on: the range of local dates (yyyy-MM-dd, both included) and the page. */
export interface EInvoiceFilter {
  status?: EInvoiceStatus;
  kind?: EInvoiceKind;
  saleKind?: SaleKind;
  from: string;
  to: string;
  page: number;
}

/** The query string of a filter: only what is chosen (an empty select sends nothing). */
export function eInvoiceQuery({ status, kind, saleKind, from, to, page }: EInvoiceFilter): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (kind) query.set('kind', kind);
  if (saleKind) query.set('saleKind', saleKind);
  query.set('from', from);
  query.set('to', to);
  query.set('page', String(page));
  return query.toString();
}

const base = (id: number) => `/admin/e-invoices/${id}`;

/** The owner's e-invoice desk's calls (api/src/modules/eInvoices/eInvoiceRoutes.ts, admin only). */
export const eInvoicesApi = {
  /** GET /admin/e-invoices?…: the invoices of the range, newest first, one page. */
  list: (filter: EInvoiceFilter, signal?: AbortSignal) => readData<EInvoiceList>(apiClient.get(`/admin/e-invoices?${eInvoiceQuery(filter)}`, { signal })),
  /** GET /admin/e-invoices/check: the daily check "Bán hàng chưa có hóa đơn". */
  check: (signal?: AbortSignal) => readData<UncoveredSales>(apiClient.get('/admin/e-invoices/check', { signal })),
  /** POST …/:id/retry: a failed invoice sent again now. */
  retry: (id: number) => readData<EInvoice>(apiClient.post(`${base(id)}/retry`, {})),
  /** POST …/:id/adjust { direction, amount, reason }: the new adjustment of an issued invoice. */
  adjust: (id: number, input: EInvoiceAdjustmentInput) => readData<EInvoice>(apiClient.post(`${base(id)}/adjust`, input)),
  /** POST …/:id/replace { reason }: the new replacement of an issued invoice. */
  replace: (id: number, reason: string) => readData<EInvoice>(apiClient.post(`${base(id)}/replace`, { reason })),
  /** POST …/:id/notice { reason }: a notice 04/SS-HĐĐT recorded for an issued invoice. */
  notice: (id: number, reason: string) => readData<EInvoice>(apiClient.post(`${base(id)}/notice`, { reason })),
};
