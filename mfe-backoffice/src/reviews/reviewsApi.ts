import { apiClient, readData } from 'shared-contracts';
import type { ReviewQueue } from 'shared-contracts/reviews';
import type { AdminProductReview, AdminReviewQueue } from 'shared-contracts/schemas';

/** What the moderation queue asks for (empty values left out). */
export interface ReviewQueueFilters {
  queue: ReviewQueue;
  stars?: number;
  productId?: number;
  page: number;
}

const path = (id: number, action: string) => `/admin/reviews/${id}/${action}`;

/** The admin's product-review calls (GET /api/admin/reviews, reply, hide, unhide). */
export const reviewsApi = {
  queue: ({ queue, stars, productId, page }: ReviewQueueFilters, signal?: AbortSignal) =>
    readData<AdminReviewQueue>(apiClient.get('/admin/reviews', { query: { queue, stars, productId, page }, signal })),
  reply: (id: number, text: string) => readData<AdminProductReview>(apiClient.put(path(id, 'reply'), { text })),
  hide: (id: number, reason: string) => readData<AdminProductReview>(apiClient.post(path(id, 'hide'), { reason })),
  unhide: (id: number) => readData<AdminProductReview>(apiClient.post(path(id, 'unhide'), {})),
};
