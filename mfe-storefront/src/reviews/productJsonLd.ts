import { SHOP_TIME_ZONE } from 'shared-contracts';
import type { ProductDetail, ProductReview } from 'shared-contracts/schemas';

/** How many reviews the structured data carries. */
export const JSON_LD_REVIEWS = 5;

let isoDate: Intl.DateTimeFormat | null = null;
/** YYYY-MM-DD of an instant in the shop's time zone (schema.org's Date). */
function dayOf(instant: string): string {
  isoDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return isoDate.format(new Date(instant));
}

/**
 * The product page's schema.org Product: name, SKU, images, brand and the offer, with its AggregateRating and up to
 * JSON_LD_REVIEWS Reviews when it has reviews. `origin` makes the site's paths absolute URLs.
 */
export function productJsonLd(
  product: ProductDetail,
  rating: { average: number | null; count: number },
  reviews: readonly ProductReview[],
  origin: string,
): Record<string, unknown> {
  const absolute = (path: string) => new URL(path, origin).href;
  const images = product.images.length > 0 ? product.images : product.image ? [product.image] : [];
  const url = absolute(`/products/${product.slug}`);
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    image: images.map((image) => absolute(image.url)),
    brand: { '@type': 'Brand', name: product.brand.name },
    url,
    offers: {
      '@type': 'Offer',
      price: product.price,
      priceCurrency: 'VND',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
    },
  };
  if (rating.count > 0 && rating.average !== null) {
    data.aggregateRating = { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: 5, worstRating: 1 };
    const shown = reviews.slice(0, JSON_LD_REVIEWS);
    if (shown.length > 0) {
      data.review = shown.map((review) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: review.authorName },
        reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
        datePublished: dayOf(review.createdAt),
        reviewBody: review.text,
      }));
    }
  }
  return data;
}

/**
 * JSON for a <script type="application/ld+json">: "<", ">" and "&" (and the JavaScript line separators) written as
 * \u escapes, so no text a customer wrote can close the script element or open another, however the page is serialised.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
