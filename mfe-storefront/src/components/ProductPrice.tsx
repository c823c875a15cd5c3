import { formatVnd } from 'shared-contracts';
import type { ProductSummary } from 'shared-contracts/schemas';

export interface ProductPriceClasses {
  price?: string;
  current?: string;
  original?: string;
  discount?: string;
}

/** A product's price in VND, with the struck-through original price and the discount when it is on sale. */
export function ProductPrice({ product, classes }: { product: Pick<ProductSummary, 'price' | 'originalPrice' | 'discountPercent'>; classes: ProductPriceClasses }) {
  return (
    <p className={classes.price}>
      <span className={classes.current} data-testid="price">
        {formatVnd(product.price)}
      </span>
      {product.originalPrice !== null && (
        <>
          {' '}
          <del className={classes.original}>{formatVnd(product.originalPrice)}</del>
          {product.discountPercent !== null && <span className={classes.discount}> -{product.discountPercent}%</span>}
        </>
      )}
    </p>
  );
}
