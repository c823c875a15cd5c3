/** The payments module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { paymentExceptionsModule } from './exceptions/paymentExceptionsModule';
export { payOSModule } from './providers/payos/payOSModule';
export { payOsStandIn } from './providers/payos/payOsStandIn';
export { bankTransfersModule } from './providers/sepay/bankTransfersModule';
export { reconciliationModule } from './reconciliation/reconciliationModule';
export { recordedTransfersModule } from './transactions/recordedTransfersModule';
