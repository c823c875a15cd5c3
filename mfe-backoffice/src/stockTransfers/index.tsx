import { type InventoryPanelContext, WhenNearViewport } from '../inventory';
import { StockTransfersPanel } from './StockTransfersPanel';
import { stockTransfersText } from './stockTransfersText';

/** "Chuyển kho" under the inventory, loaded as the reader scrolls near it: `<ManagerInventory below={stockTransfersBelow} />`. */
export function stockTransfersBelow({ role, centreId, chosenCentreId, refreshKey, refresh }: InventoryPanelContext) {
  return (
    <WhenNearViewport heading={stockTransfersText.heading} headingId="transfers-heading">
      <StockTransfersPanel key={`transfers-${chosenCentreId ?? 'own'}`} role={role} centreId={centreId} refreshKey={refreshKey} onChanged={refresh} />
    </WhenNearViewport>
  );
}
