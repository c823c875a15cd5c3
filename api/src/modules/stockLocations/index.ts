/**
 * The stockLocations module's front door — the locations (centres and the online warehouse) and online availability.
 * Nothing else of the module is imported from outside.
 */
export {
  addOnHand,
  centreAvailability,
  countOnHand,
  insufficientStockMessage,
  issueCentreStock,
  lockCentreStock,
  releaseCentreStock,
  reserveCentreStock,
  returnCentreStock,
  setMinStockAt,
  takeOnHand,
  type Availability,
} from './centreStockMoves';
export { isLowStock } from './lowStockAlerts';
export { availableAt, onlineStock, openWarehouseStock, setWarehouseStock, warehouseId } from './onlineStock';
