/**
 * The stockTransfers module's front door — transfers between locations and transfer requests. Nothing else of the
 * module is imported from outside.
 */
export { stockTransfersModule } from './stockTransfersModule';
export { receiveTransferAtOnce } from './stockTransferWork';
