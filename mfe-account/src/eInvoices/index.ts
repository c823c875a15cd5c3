// The customer's e-invoices of a sale (issue 64): on the order detail page, on the visit's card (dashboard) and on
// each visit of the maintenance history.
export { EInvoiceSection, orderHandedOver, orderShowsEInvoices, type EInvoiceSale } from './EInvoiceSection';
export { eInvoicesApi } from './eInvoicesApi';
export { eInvoicesText } from './eInvoicesText';
