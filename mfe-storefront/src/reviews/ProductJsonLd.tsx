import type { ProductDetail, ProductReview } from 'shared-contracts/schemas';
import { productJsonLd, serializeJsonLd } from './productJsonLd';

interface Props {
  product: ProductDetail;
  rating: { average: number | null; count: number };
  reviews: readonly ProductReview[];
}

/** The page's structured data for search engines (as the script's text, never as HTML). */
export function ProductJsonLd({ product, rating, reviews }: Props) {
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return <script type="application/ld+json">{serializeJsonLd(productJsonLd(product, rating, reviews, origin))}</script>;
}
