import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_REVIEW_SORT_LABELS, PRODUCT_REVIEW_SORTS, type ProductReviewSort } from 'shared-contracts/reviews';
import type { ProductDetail, ProductRatingSummary } from 'shared-contracts/schemas';
import { ProductJsonLd } from './ProductJsonLd';
import { formatRating } from './ratingFormat';
import { ReviewItem } from './ReviewItem';
import { reviewsText as t } from './reviewsText';
import { Stars } from './Stars';
import { DEFAULT_FILTERS, useProductReviews, type ReviewFilters } from './useProductReviews';
import styles from './Reviews.module.css';

const STARS_DOWN = [5, 4, 3, 2, 1] as const;

function Summary({ summary, filters, onStars }: { summary: ProductRatingSummary; filters: ReviewFilters; onStars: (stars: number) => void }) {
  return (
    <div className={styles.summary}>
      {summary.average !== null && (
        <div className={styles.average}>
          <p className={styles.big}>{t.outOfFive(formatRating(summary.average))}</p>
          <Stars value={summary.average} size="large" />
          <p className={styles.muted}>{t.count(summary.count)}</p>
        </div>
      )}
      <ul className={styles.distribution} aria-label={t.distribution}>
        {STARS_DOWN.map((stars) => {
          const count = summary.distribution[stars - 1] ?? 0;
          const share = summary.count > 0 ? (count / summary.count) * 100 : 0;
          return (
            <li key={stars}>
              <button
                type="button"
                className={styles.bar}
                aria-pressed={filters.stars === stars}
                onClick={() => onStars(stars)}
              >
                {/* the name comes from the content (no aria-label that the visible "5 ★ … 8" would not match) */}
                <span>
                  <span aria-hidden="true">{stars} ★</span>
                  <span className={styles.visuallyHidden}>{t.distributionRow(stars, count)}</span>
                </span>
                <span className={styles.track} aria-hidden="true">
                  <span className={styles.fill} style={{ width: `${share}%` }} />
                </span>
                <span aria-hidden="true" className={styles.barCount}>
                  {count.toLocaleString('vi-VN')}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Filters({ summary, filters, onChange }: { summary: ProductRatingSummary; filters: ReviewFilters; onChange: (next: ReviewFilters) => void }) {
  const all = filters.stars === null && !filters.withPhotos;
  return (
    <div className={styles.toolbar}>
      <div className={styles.chips} role="group" aria-label={t.filters}>
        <button type="button" className={styles.chip} aria-pressed={all} onClick={() => onChange({ ...filters, stars: null, withPhotos: false })}>
          {t.all}
        </button>
        <button
          type="button"
          className={styles.chip}
          aria-pressed={filters.withPhotos}
          onClick={() => onChange({ ...filters, withPhotos: !filters.withPhotos })}
        >
          {t.withPhotos(summary.withPhotos)}
        </button>
        {STARS_DOWN.map((stars) => (
          <button
            key={stars}
            type="button"
            className={styles.chip}
            aria-pressed={filters.stars === stars}
            onClick={() => onChange({ ...filters, stars: filters.stars === stars ? null : stars })}
          >
            {t.stars(stars)}
          </button>
        ))}
      </div>
      <label className={styles.sort}>
        <span>{t.sort}</span>
        <select value={filters.sort} onChange={(event) => onChange({ ...filters, sort: event.target.value as ProductReviewSort })}>
          {PRODUCT_REVIEW_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {PRODUCT_REVIEW_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/**
 * The product page's "Đánh giá sản phẩm": the average, the 5★..1★ distribution (each bar a star filter), the
 * filters and sort, the reviews page by page, and the page's schema.org structured data with the first reviews.
 * Loaded after the product itself, in its own chunk.
 */
export default function ProductReviews({ product }: { product: ProductDetail }) {
  const [filters, setFilters] = useState<ReviewFilters>(DEFAULT_FILTERS);
  const { state, loadMore, update, retry } = useProductReviews(product.id, filters);
  const summary = state.summary;
  const rating = summary ? { average: summary.average, count: summary.count } : { average: product.ratingAverage, count: product.ratingCount };
  const hasReviews = summary !== null && summary.count > 0;
  const setStars = (stars: number) => setFilters((current) => ({ ...current, stars: current.stars === stars ? null : stars }));

  return (
    <section className={styles.section} aria-labelledby="reviews-heading" data-testid="product-reviews">
      <ProductJsonLd product={product} rating={rating} reviews={state.first?.items ?? []} />
      <h2 id="reviews-heading" className={styles.heading}>
        {t.heading}
      </h2>
      {summary === null && state.status === 'loading' && (
        <p className={styles.muted} role="status">
          {t.loading}
        </p>
      )}
      {summary && hasReviews && (
        <>
          <Summary summary={summary} filters={filters} onStars={setStars} />
          <Filters summary={summary} filters={filters} onChange={setFilters} />
        </>
      )}
      {summary && !hasReviews && state.status === 'ready' && <p className={styles.empty}>{t.empty}</p>}
      {state.status === 'error' && (
        <div className={styles.failed} role="alert">
          <p>{t.failed}</p>
          <button type="button" className={styles.secondary} onClick={retry}>
            {t.retry}
          </button>
        </div>
      )}
      {summary && hasReviews && state.status === 'loading' && (
        <p className={styles.muted} role="status">
          {t.loading}
        </p>
      )}
      {hasReviews && state.status === 'ready' && state.items.length === 0 && <p className={styles.empty}>{t.noMatch}</p>}
      {/* while other filters load, the reviews shown stay (dimmed) instead of the list collapsing */}
      {hasReviews && state.status !== 'error' && state.items.length > 0 && (
        <ul className={`${styles.list} ${state.status === 'loading' ? styles.stale : ''}`} aria-label={t.list} aria-busy={state.status === 'loading'}>
          {state.items.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} onChange={(change) => update(review.id, change)} />
            </li>
          ))}
        </ul>
      )}
      {state.status === 'ready' && state.page < state.totalPages && (
        <div className={styles.more}>
          {state.more === 'error' && (
            <p className={styles.notice} role="alert">
              {t.moreFailed}
            </p>
          )}
          <button type="button" className={styles.secondary} onClick={loadMore} disabled={state.more === 'loading'}>
            {state.more === 'loading' ? t.moreLoading : t.more}
          </button>
        </div>
      )}
      <p className={styles.muted}>
        {t.fromOrders} <Link to="/orders">{t.ordersLink}</Link>.
      </p>
    </section>
  );
}
