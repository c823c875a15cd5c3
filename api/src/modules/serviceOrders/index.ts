/**
 * The serviceOrders module's front door — the floor's service orders: check-in, assignment, clock, checklist,
 * invoice, `payServiceInvoice` (the one paid path of an invoice). Nothing else of the module is imported from
 * outside.
 */
export { floorTransaction } from './floorTransaction';
export { computeInvoice } from './invoiceTotals';
export { orderInScope } from './serviceOrderAccess';
export { serviceOrderContextOf, type ServiceOrderContext } from './serviceOrderContext';
export type { ServiceOrderParts } from './serviceOrderParts';
export { publishServiceOrderChange } from './serviceOrderEvents';
export { reducePartLine, writeBookedLines, writePartLine } from './serviceOrderLines';
export { backOfficeCode, notAssigned } from './serviceOrderTransition';
export { serviceOrdersModule } from './serviceOrdersModule';
export { announceServiceInvoicePaid, firstInvoiceWithCode, payServiceInvoice, type InvoicePayment } from './invoicePayment';
