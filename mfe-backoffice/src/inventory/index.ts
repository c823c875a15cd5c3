// The centre's stock: levels, movements, receiving (spec §7 M2).
export { inventoryApi } from './inventoryApi';
export { ManagerInventory, type InventoryPanelContext } from './ManagerInventory';
export { ReceiveDialog, receiveLine, type ReceiveLineDraft } from './ReceiveDialog';
