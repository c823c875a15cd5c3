/**
 * The invoices module's front door — receipts and invoice PDFs, companies' VAT-invoice requests, the e-invoice XML.
 * Nothing else of the module is imported from outside.
 */
export { invoicesModule } from './invoicesModule';
