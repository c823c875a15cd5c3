import { eventBus, messages, type CartItemAdded } from 'shared-contracts';
import type { ProductCardItem, ProductSummary, ServicePackage } from 'shared-contracts/schemas';
import { loadCartOwner } from './loadCartOwner';

/** A product as a card (its image a URL) or a product page (its image an object) has it. */
export type CartProduct = ProductCardItem | ProductSummary;

/** The bus payload's item for a product: line id 'product-<id>', price in integer VND, the stock seen. */
export function cartItemOf(product: CartProduct): CartItemAdded {
  return {
    id: `product-${product.id}`,
    kind: 'product',
    refId: product.id,
    slug: product.slug,
    name: product.name,
    price: product.price,
    image: typeof product.image === 'string' ? product.image : (product.image?.url ?? null),
    stock: product.stock,
  };
}

/** The bus payload's item for a service package: line id 'package-<id>', no stock. */
export function cartItemOfPackage(pkg: ServicePackage): CartItemAdded {
  return {
    id: `package-${pkg.id}`,
    kind: 'package',
    refId: pkg.id,
    slug: pkg.slug,
    name: pkg.name,
    price: pkg.price,
    image: pkg.image?.url ?? null,
    stock: null,
  };
}

/**
 * 'Thêm vào giỏ' / 'Mua gói': loads the cart owner on demand (the home page never carries it), then publishes
 * `cart/item-added`; the owner adds the item (or refuses it: stock) and says so with a toast. Resolves when the
 * item has been published.
 */
export async function addToCart(item: CartItemAdded, quantity = 1): Promise<void> {
  try {
    await loadCartOwner();
  } catch {
    eventBus.publish('toast/show', { type: 'error', message: messages.errors.generic });
    return;
  }
  eventBus.publish('cart/item-added', { item, quantity });
}
