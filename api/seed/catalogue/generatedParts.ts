import { PRODUCTS, type ProductSeed } from './products';

/**
 * Parts beyond the demo's hand-written list, for a catalogue of realistic size (SEED_PRODUCTS=10000): each is a
 * numbered variant of a demo product (its category, brand, models, photos and a price near its own), so the shop's
 * lists, filters and search work on them as on the rest. Deterministic: the same count gives the same rows.
 */
const baseOf = new WeakMap<ProductSeed, ProductSeed>();

/** The product whose photos a product shows: a generated part's demo product, else itself. */
export function photoSource(product: ProductSeed): ProductSeed {
  return baseOf.get(product) ?? product;
}

export function generatedParts(count: number): ProductSeed[] {
  const parts: ProductSeed[] = [];
  for (let index = 1; index <= count; index += 1) {
    const base = PRODUCTS[index % PRODUCTS.length]!;
    const number = String(index).padStart(5, '0');
    const part: ProductSeed = {
      ...base,
      sku: `PT-${number}`,
      name: `${base.name} (mã ${number})`,
      price: Math.round((base.price * (90 + (index % 21))) / 100 / 1000) * 1000,
      originalPrice: undefined,
      stock: index % 7 === 0 ? 0 : 5 + (index % 40),
      sales: index % 97,
      addedOn: base.addedOn,
    };
    baseOf.set(part, base);
    parts.push(part);
  }
  return parts;
}

/** The seed's products: the demo's list, then generated parts up to `total` (never fewer than the list). */
export function seedProducts(total: number | undefined): readonly ProductSeed[] {
  if (total === undefined || total <= PRODUCTS.length) return PRODUCTS;
  return [...PRODUCTS, ...generatedParts(total - PRODUCTS.length)];
}
