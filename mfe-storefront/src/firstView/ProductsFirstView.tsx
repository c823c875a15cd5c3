import { Skeleton } from '../components/Async';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH } from '../components/ProductCard';
import cardStyles from '../components/ProductCard.module.css';
import { ProductsPage } from '../pages/products/ProductsPage';
import styles from '../pages/products/ProductsPage.module.css';

/** Where the shell's server writes the slug of the listing's first product (only a slug of [a-z0-9-]). */
export const FIRST_PRODUCT_SLUG_SLOT = '__EV_FIRST_PRODUCT_SLUG__';

/**
 * /products' first view when the server knows the default listing's first product: its card's image in the size
 * the app's card gives it (on a phone the page's largest element, shown from the HTML), placeholders for its text
 * and for the other cards.
 */
export function ProductsFirstView() {
  return (
    <ProductsPage
      loadingCards={
        <>
          <ul className={styles.grid}>
            <li>
              <article className={cardStyles.card}>
                <img
                  src={`/api/media/product-cover/${FIRST_PRODUCT_SLUG_SLOT}`}
                  width={CARD_IMAGE_WIDTH}
                  height={CARD_IMAGE_HEIGHT}
                  alt=""
                  fetchPriority="high"
                  className={cardStyles.image}
                />
                <Skeleton variant="line" count={3} />
              </article>
            </li>
          </ul>
          <Skeleton count={5} />
        </>
      }
    />
  );
}
