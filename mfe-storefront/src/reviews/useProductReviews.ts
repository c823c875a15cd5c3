import { useCallback, useState } from 'react';
import type { ProductRatingSummary, ProductReview, ProductReviewPage } from 'shared-contracts/schemas';
import type { ProductReviewSort } from 'shared-contracts/reviews';
import { useAsync } from '../hooks/useAsync';
import { reviewsApi } from './reviewsApi';

export interface ReviewFilters {
  sort: ProductReviewSort;
  /** only this many stars; null: every rating */
  stars: number | null;
  withPhotos: boolean;
}

export const DEFAULT_FILTERS: ReviewFilters = { sort: 'newest', stars: null, withPhotos: false };

export interface ProductReviewsState {
  /** the list for the current filters: loading (again) on each change, then its pages appended by loadMore */
  status: 'loading' | 'ready' | 'error';
  message: string;
  /** the product's rating (every visible review), kept while the list reloads */
  summary: ProductRatingSummary | null;
  /** the first answer for the default filters: the page's structured data reads its reviews */
  first: ProductReviewPage | null;
  items: ProductReview[];
  total: number;
  page: number;
  totalPages: number;
  more: 'idle' | 'loading' | 'error';
}

const queryOf = (filters: ReviewFilters, page: number) => ({
  sort: filters.sort,
  stars: filters.stars ?? undefined,
  withPhotos: filters.withPhotos || undefined,
  page,
});

/**
 * The product's reviews for the chosen filters: the first page on every change (the previous request aborted, the
 * list shown until the answer), the next ones appended by `loadMore`; `update` changes one review in place (a
 * vote's new count).
 */
export function useProductReviews(productId: number, filters: ReviewFilters) {
  const { sort, stars, withPhotos } = filters;
  const [first, setFirst] = useState<ProductReviewPage | null>(null);
  const read = useCallback((signal: AbortSignal) => reviewsApi.list(productId, queryOf({ sort, stars, withPhotos }, 1), signal), [productId, sort, stars, withPhotos]);
  const isDefault = sort === DEFAULT_FILTERS.sort && stars === null && !withPhotos;
  const { state: loaded, reload, setData, more, moreState } = useAsync(read, {
    start: 'keep',
    // the page's structured data reads the first answer for the default filters
    onData: (answer) => setFirst((current) => current ?? (isDefault ? answer : null)),
  });
  const data = loaded.data;
  const state: ProductReviewsState = {
    status: loaded.loading ? 'loading' : loaded.error !== null ? 'error' : 'ready',
    message: loaded.error ?? '',
    summary: data?.summary ?? null,
    first,
    items: data?.items ?? [],
    total: data?.total ?? 0,
    page: data?.page ?? 0,
    totalPages: data?.totalPages ?? 0,
    more: moreState.loading ? 'loading' : moreState.error !== null ? 'error' : 'idle',
  };

  const { status, page, totalPages } = state;
  const moreLoading = moreState.loading;
  const loadMore = useCallback(() => {
    if (status !== 'ready' || moreLoading || page >= totalPages) return;
    more(
      (signal) => reviewsApi.list(productId, queryOf({ sort, stars, withPhotos }, page + 1), signal),
      (shown, answer) => {
        const known = new Set(shown.items.map((review) => review.id));
        return { ...answer, items: [...shown.items, ...answer.items.filter((review) => !known.has(review.id))] };
      },
    );
  }, [more, productId, sort, stars, withPhotos, status, moreLoading, page, totalPages]);

  const update = useCallback(
    (reviewId: number, change: Partial<ProductReview>) =>
      setData((current) => current && { ...current, items: current.items.map((review) => (review.id === reviewId ? { ...review, ...change } : review)) }),
    [setData],
  );

  const retry = useCallback(() => reload('keep'), [reload]);
  return { state, loadMore, update, retry };
}
