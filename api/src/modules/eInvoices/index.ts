/**
 * The eInvoices module's front door — an e-invoice per sale, issued from the ledger's sale events through a durable
 * queue (the sale's own at hand-over or completion, an adjustment per refund), behind one provider interface (MISA
 * meInvoice, Viettel S-Invoice, VNPT Invoice, the local stand-in), with the legal rules in one file. Nothing else of
 * the module is imported from outside.
 */
export { eInvoicesModule } from './eInvoicesModule';
// The demo history's invoices (the seed, development only).
export { DEMO_REFUSED_INVOICE_ERROR, seedDemoEInvoices } from './demoInvoices';
// The daily check's alert to the owners (a scheduled job of server.ts).
export { alertMissingInvoices } from './eInvoiceNotices';
