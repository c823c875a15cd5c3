import { eventBus, type CartItemAdded } from 'shared-contracts';
import type { ProductSummary } from 'shared-contracts/schemas';

export const ADDED_TO_CART_MESSAGE = 'Đã thêm vào giỏ hàng';

/** The bus payload's item for a product (ids travel as strings; price in integer VND). */
export function cartItemOf(product: ProductSummary): CartItemAdded {
  return {
    id: String(product.id),
    slug: product.slug,
    name: product.name,
    price: product.price,
    image: product.image?.url ?? null,
    stock: product.stock,
  };
}

/**
 * 'Thêm vào giỏ': publishes `cart/item-added` for whoever owns the cart and shows the toast
 * 'Đã thêm vào giỏ hàng' through the shell.
 */
export function addToCart(product: ProductSummary, quantity = 1): void {
  eventBus.publish('cart/item-added', { item: cartItemOf(product), quantity });
  eventBus.publish('toast/show', { type: 'success', message: ADDED_TO_CART_MESSAGE });
}
