/** A sale of the ledger: a web order (orders) or a service invoice (serviceOrders). */
export type Sale = { kind: 'WEB_ORDER'; orderId: number } | { kind: 'SERVICE_INVOICE'; serviceInvoiceId: number };

/** The sale's two columns as the ledger's tables hold them (exactly one set). */
export function saleColumns(sale: Sale): { order_id: number | null; service_invoice_id: number | null } {
  return sale.kind === 'WEB_ORDER' ? { order_id: sale.orderId, service_invoice_id: null } : { order_id: null, service_invoice_id: sale.serviceInvoiceId };
}
