// A paid order's receipt or invoice PDF and the company's VAT invoice request (web orders and service orders).
export { VatInvoicePanel } from './VatInvoicePanel';
