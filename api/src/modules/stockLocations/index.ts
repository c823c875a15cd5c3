/** The stockLocations module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
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
