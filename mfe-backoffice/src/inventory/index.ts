// The centre's stock: levels, movements, receiving (spec §7 M2).
export { inventoryApi } from './inventoryApi';
export { ManagerInventory, type InventoryPanelContext } from './ManagerInventory';
export { ReceiveDialog, receiveLine, type ReceiveLineDraft } from './ReceiveDialog';
// What the stock transfers panel builds on (the same product lines, buttons, lazy section and rules).
export { focusFirstInvalid, NoteField, ProductLinesEditor, productLine, productLineErrors, serverProductLineErrors, SubmitButtons, useProductLines, type ProductLineDraft, type ProductLineErrors } from './ProductLines';
export { parseWhole } from './inventoryRules';
export { WhenNearViewport } from './WhenNearViewport';
export { ProductStockByLocation, stockLedgerHref } from './ProductStockByLocation';
export type { ProductStock, StockLocation } from './stockTypes';
export { StockWorkspace } from './StockWorkspace';
