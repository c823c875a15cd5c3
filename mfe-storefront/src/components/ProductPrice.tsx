import { formatVnd } from 'shared-contracts';

export interface ProductPriceClasses {
  price?: string;
  current?: string;
  original?: string;
  discount?: string;
}

/** A price and, on sale, the price before and the percent off: null (a product page) or absent (a card) when none. */
export interface PricedProduct {
  price: number;
  originalPrice?: number | null;
  discountPercent?: number | null;
}

/** A product's price in VND, with the struck-through original price and the discount when it is on sale. */
export function ProductPrice({ product, classes }: { product: PricedProduct; classes: ProductPriceClasses }) {
  const { originalPrice, discountPercent } = product;
  return (
    <p className={classes.price}>
      <span className={classes.current} data-testid="price">
        {formatVnd(product.price)}
      </span>
      {typeof originalPrice === 'number' && (
        <>
          {' '}
          <del className={classes.original}>{formatVnd(originalPrice)}</del>
          {typeof discountPercent === 'number' && <span className={classes.discount}> -{discountPercent}%</span>}
        </>
      )}
    </p>
  );
}
