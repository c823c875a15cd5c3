import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProductCardItem } from 'shared-contracts/schemas';
import { CatalogueImage } from './CatalogueImage';
import { stockLabel } from './stock';
import styles from './ProductCard.module.css';
import { ProductPrice } from './ProductPrice';
import { CardRating } from '../reviews';
import { WishlistHeart } from '../wishlist';
import { FitBadge } from '../vehicleFit';

/**
 * The card's image box (ProductCard.module.css: 4:3, the image fitted in it), the size its <img> is given: the card
 * form carries the image's URL only.
 */
export const CARD_IMAGE_WIDTH = 800;
export const CARD_IMAGE_HEIGHT = 600;

interface Props {
  /** the product in the card form (GET /api/products?view=card) */
  product: ProductCardItem;
  /** the heading level of the product's name in this page's outline */
  headingLevel?: 2 | 3;
  /** e.g. the add-to-cart button of the products page */
  action?: ReactNode;
}

/** A product in a grid: image, brand, name (link to its page), rating, price (discount shown), stock state, the fit for the chosen vehicle, the heart. */
export function ProductCard({ product, headingLevel = 3, action }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const stock = stockLabel(product.stock);
  const nameId = `product-card-name-${product.id}`;
  return (
    <article className={styles.card} data-testid="product-card">
      {product.image && (
        <CatalogueImage
          image={{ url: product.image, width: CARD_IMAGE_WIDTH, height: CARD_IMAGE_HEIGHT }}
          alt=""
          sizes="(max-width: 640px) 50vw, 240px"
          className={styles.image}
        />
      )}
      <p className={styles.brand}>{product.brand}</p>
      <div className={styles.wishlist}>
        <WishlistHeart productId={product.id} describedBy={nameId} />
      </div>
      <Heading className={styles.name} id={nameId}>
        <Link to={`/products/${product.slug}`} className={styles.link}>
          {product.name}
        </Link>
      </Heading>
      <CardRating average={product.ratingAverage ?? null} count={product.ratingCount ?? 0} />
      <ProductPrice product={product} classes={styles} />
      <p className={`${styles.stock} ${styles[stock.tone]}`}>{stock.text}</p>
      <FitBadge fit={product.fit} />
      {action}
    </article>
  );
}
