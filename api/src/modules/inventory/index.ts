/** The inventory module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { addOnHand, centreAvailability, insufficientStockMessage, issueCentreStock, releaseCentreStock, reserveCentreStock, returnCentreStock, takeOnHand, type Availability } from './centreStockMoves';
export { inventoryModule } from './inventoryModule';
export { isLowStock } from './lowStockAlerts';
