/**
 * The inventory module's front door — a location's stock, the ledger, receipts from the warehouse, adjustments,
 * low-stock alerts. Nothing else of the module is imported from outside.
 */
export { inventoryModule } from './inventoryModule';
