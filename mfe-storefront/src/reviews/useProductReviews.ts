import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductRatingSummary, ProductReview, ProductReviewPage } from 'shared-contracts/schemas';
import type { ProductReviewSort } from 'shared-contracts/reviews';
import { errorMessage } from '../hooks/useAsync';
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

const initial: ProductReviewsState = {
  status: 'loading',
  message: '',
  summary: null,
  first: null,
  items: [],
  total: 0,
  page: 0,
  totalPages: 0,
  more: 'idle',
};

const queryOf = (filters: ReviewFilters, page: number) => ({
  sort: filters.sort,
  stars: filters.stars ?? undefined,
  withPhotos: filters.withPhotos || undefined,
  page,
});

/**
 * The product's reviews for the chosen filters: the first page on every change (the previous request aborted),
 * the next ones appended by `loadMore`; `update` changes one review in place (a vote's new count).
 */
export function useProductReviews(productId: number, filters: ReviewFilters) {
  const [state, setState] = useState<ProductReviewsState>(initial);
  const [attempt, setAttempt] = useState(0);
  const moreRequest = useRef<AbortController | null>(null);
  const { sort, stars, withPhotos } = filters;

  useEffect(() => {
    const controller = new AbortController();
    moreRequest.current?.abort();
    setState((previous) => ({ ...previous, status: 'loading', more: 'idle' }));
    const current = { sort, stars, withPhotos };
    reviewsApi.list(productId, queryOf(current, 1), controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        const isDefault = sort === DEFAULT_FILTERS.sort && stars === null && !withPhotos;
        setState((previous) => ({
          status: 'ready',
          message: '',
          summary: answer.summary,
          first: previous.first ?? (isDefault ? answer : null),
          items: answer.items,
          total: answer.total,
          page: answer.page,
          totalPages: answer.totalPages,
          more: 'idle',
        }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, status: 'error', message: errorMessage(error) }));
      },
    );
    return () => controller.abort();
  }, [productId, sort, stars, withPhotos, attempt]);

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || state.more === 'loading' || state.page >= state.totalPages) return;
    const controller = new AbortController();
    moreRequest.current = controller;
    setState((previous) => ({ ...previous, more: 'loading' }));
    reviewsApi.list(productId, queryOf({ sort, stars, withPhotos }, state.page + 1), controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setState((previous) => {
          const known = new Set(previous.items.map((review) => review.id));
          return {
            ...previous,
            summary: answer.summary,
            items: [...previous.items, ...answer.items.filter((review) => !known.has(review.id))],
            total: answer.total,
            page: answer.page,
            totalPages: answer.totalPages,
            more: 'idle',
          };
        });
      },
      () => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, more: 'error' }));
      },
    );
  }, [productId, sort, stars, withPhotos, state.status, state.more, state.page, state.totalPages]);

  useEffect(() => () => moreRequest.current?.abort(), []);

  const update = useCallback((reviewId: number, change: Partial<ProductReview>) => {
    setState((previous) => ({
      ...previous,
      items: previous.items.map((review) => (review.id === reviewId ? { ...review, ...change } : review)),
    }));
  }, []);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, loadMore, update, retry };
}
