import { lazy, Suspense } from 'react';
import type { ProductDetail } from 'shared-contracts/schemas';
import { vi } from '../i18n/vi';

// the section and its calls come in their own chunk, after the product has painted
const Section = lazy(() => import('./ProductReviews'));

/** The product page's reviews ("Đánh giá sản phẩm"), loaded after the product. */
export function ProductReviews({ product }: { product: ProductDetail }) {
  return (
    <Suspense
      fallback={
        <p role="status" aria-busy="true">
          {vi.common.loading}
        </p>
      }
    >
      <Section product={product} />
    </Suspense>
  );
}
