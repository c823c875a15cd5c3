/**
 * The payments module's front door — money in: `providers/payos`, `providers/sepay` (webhooks), `transactions`
 * (matching order and invoice codes, the recorded transfer), `exceptions` (the queue), `reconciliation`; calls
 * `orders` and `serviceOrders`, never the reverse. Nothing else of the module is imported from outside.
 */
export { paymentExceptionsModule } from './exceptions/paymentExceptionsModule';
export { payOSModule } from './providers/payos/payOSModule';
export { payOsStandIn } from './providers/payos/payOsStandIn';
export { bankTransfersModule } from './providers/sepay/bankTransfersModule';
export { reconciliationModule } from './reconciliation/reconciliationModule';
export { recordedTransfersModule } from './transactions/recordedTransfersModule';
// The exceptions queue's door for the carriers' COD statements (wired into shipments by the app) and its desk's news.
export { queueCarrierCodException, type CarrierCodException } from './exceptions/carrierCodExceptions';
export { announcePaymentExceptionChange } from './exceptions/paymentExceptionWork';
