import { useCallback } from 'react';
import type { ReviewableLine } from 'shared-contracts/schemas';
import { useAsync } from '../hooks/useAsync';
import { reviewsApi } from './reviewsApi';

/** An order whose lines may be reviewed: delivered, or completed (handed over at the centre). */
const REVIEWABLE_ORDER_STATUSES = new Set(['DELIVERED', 'COMPLETED']);

export interface OrderReviews {
  /** The order's reviewable lines; null while loading, when the order is not received yet, or when they could not be read. */
  lines: ReviewableLine[] | null;
  replace: (line: ReviewableLine) => void;
}

/**
 * The reviewable lines of one order (GET /reviews/reviewable, narrowed to the order's code), once it is delivered
 * or completed. A failure to read them leaves the order page as it was, without review buttons.
 */
export function useOrderReviews(order: { code: string; status: string } | null): OrderReviews {
  const code = order && REVIEWABLE_ORDER_STATUSES.has(order.status) ? order.code : null;
  const read = useCallback(async (signal: AbortSignal) => (await reviewsApi.reviewable(signal)).filter((line) => line.orderCode === code), [code]);
  const { state, setData } = useAsync(read, { enabled: code !== null });
  const lines = code === null ? null : (state.data ?? null);

  const replace = useCallback(
    (changed: ReviewableLine) => setData((current) => current && current.map((line) => (line.orderLineId === changed.orderLineId ? changed : line))),
    [setData],
  );
  return { lines, replace };
}
