/**
 * The ledger module's front door — one ledger of sales (web orders, service invoices): `recordPayment`,
 * `recordRefund`, the only writers of payments and refunds, each with its durable `sale.paid` / `sale.refunded`.
 * Nothing else of the module is imported from outside.
 */
export { type Sale } from './sale';
export { recordPayment, type SalePaymentInput } from './salePayments';
export { recordRefund, type RefundInput } from './saleRefunds';
