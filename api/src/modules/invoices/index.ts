/**
 * The invoices module's front door — receipts and invoice PDFs, companies' VAT-invoice requests, the e-invoice XML.
 * Nothing else of the module is imported from outside.
 */
export { invoicesModule } from './invoicesModule';
// What the e-invoices module issues from: the receipt's document of a sale, its VAT rows, the Circular 78 XML.
export { serviceOrderDocument, webOrderDocument } from './invoiceSources';
export { discountLines, invoiceTotals, VAT_RATES, type InvoiceDocument, type InvoiceLine, type InvoiceParty, type InvoiceTotals, type VatRate } from './invoiceDocument';
export { circular78Xml, invoiceSeries } from './circular78Xml';
// The company's request answered when the e-invoice carrying it is issued (called by the eInvoices module).
export { markVatRequestInvoiced } from './vatInvoiceRequests';
export { renderInvoicePdf } from './invoicePdf';
// Who may see a sale's documents (its customer, its centre's desk, admins; anyone else 404).
export { serviceOrderFor, serviceOrderOfAppointment, viewerOf, webOrderFor, type Viewer } from './invoiceAccess';
