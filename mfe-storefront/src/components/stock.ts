/** Below this many units a product shows 'Chỉ còn N sản phẩm'. */
export const LOW_STOCK_THRESHOLD = 5;

/** A product's stock state as a customer reads it, with its tone for colour. */
export function stockLabel(stock: number): { text: string; tone: 'in' | 'low' | 'out' } {
  if (stock <= 0) return { text: 'Hết hàng', tone: 'out' };
  if (stock <= LOW_STOCK_THRESHOLD) return { text: `Chỉ còn ${stock} sản phẩm`, tone: 'low' };
  return { text: 'Còn hàng', tone: 'in' };
}
