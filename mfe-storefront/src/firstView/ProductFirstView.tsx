import { Link } from 'react-router-dom';
import { Skeleton } from '../components/Async';
import { vi } from '../i18n/vi';
import { productsText as text } from '../pages/products/productsText';
import styles from '../pages/products/ProductDetailPage.module.css';

/** Where the shell's server writes the path's slug (only a slug of [a-z0-9-]) when it serves the page. */
export const PRODUCT_SLUG_SLOT = '__EV_PRODUCT_SLUG__';

/**
 * The product page's first view: its frame with the product's first image (by slug: the largest element of the
 * page, shown from the HTML) and placeholders where the name, price and stock arrive with the data.
 */
export function ProductFirstView() {
  return (
    <article className={styles.product}>
      <nav aria-label={text.breadcrumb} className={styles.breadcrumb}>
        <Link to="/products">{vi.products.title}</Link>
      </nav>
      <div className={styles.top}>
        <div className={styles.gallery}>
          <img
            src={`/api/media/product-cover/${PRODUCT_SLUG_SLOT}`}
            width={800}
            height={600}
            alt=""
            fetchPriority="high"
            className={styles.mainImage}
          />
        </div>
        <div className={styles.buy}>
          <Skeleton count={2} />
        </div>
      </div>
    </article>
  );
}
