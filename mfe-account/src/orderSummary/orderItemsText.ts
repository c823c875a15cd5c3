import type { OrderSummary } from 'shared-contracts/schemas';

/**
 * An order's items in one line, as the list and the dashboard show them: other products are counted by line, not
 * by quantity ("Cáp sạc × 4", "Cáp sạc và 2 sản phẩm khác").
 */
export function orderItemsText(order: Pick<OrderSummary, 'firstItemName' | 'itemCount' | 'lineCount'>): string {
  if (order.lineCount > 1) return `${order.firstItemName} và ${order.lineCount - 1} sản phẩm khác`;
  return order.itemCount > 1 ? `${order.firstItemName} × ${order.itemCount}` : order.firstItemName;
}
