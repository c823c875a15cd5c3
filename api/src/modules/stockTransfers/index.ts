/** The stockTransfers module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { stockTransfersModule } from './stockTransfersModule';
export { receiveTransferAtOnce } from './stockTransferWork';
