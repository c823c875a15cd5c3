/**
 * The ledger's front door (issue 62): every sale (a web order or a service invoice) and every đồng paid or given
 * back is recorded here, by these two commands only, each with its durable announcement (sale_events).
 */
export { type Sale } from './sale';
export { recordPayment, type SalePaymentInput } from './salePayments';
export { recordRefund, type RefundInput } from './saleRefunds';
