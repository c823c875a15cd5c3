// The back office's zod-free rules (status machine, labels, board columns), for the UI's small chunks.
export * from './serviceOrderMachine';
export * from './customerProgress';
export * from './partsRequestMachine';
export * from './inventoryRules';
export * from './reports';
export * from './shiftRules';
export * from './productCatalogueRules';
export * from './stockTransferMachine';
export * from './serviceCatalogueRules';
export * from './promotionStatus';
export * from './checkInCodeRules';
export * from './cashCloseRules';
export * from './eInvoiceMachine';
