import type { ApiClient } from '../api/apiClient';
import type { ProductReviewSort, ReviewReportReason } from './reviewRules';

/**
 * The customer-side product review calls every remote shares: the product's reviews, "Hữu ích" votes and reports.
 * Made through the page's API client and envelope reader, which the remote passes in (this subpath is bundled into
 * each remote's chunk; the client is the page's one singleton). Writing and editing reviews are the account's own.
 */
export interface ReviewsApiDeps {
  apiClient: ApiClient;
  readData: <T>(request: Promise<unknown>) => Promise<T>;
}

/** PUT/DELETE /api/reviews/:id/helpful's answer (the contract's ReviewHelpful). */
export interface ReviewHelpfulAnswer {
  helpfulCount: number;
  votedHelpful: boolean;
}

/** POST /api/reviews/:id/reports's body (the contract's ReviewReportInput). */
export interface ReviewReportBody {
  reason: ReviewReportReason;
  note?: string;
}

/** GET /api/products/:productId/reviews's query as the page builds it (absent = the server's default). */
export interface ProductReviewsQuery {
  sort?: ProductReviewSort;
  /** only reviews with this many stars (1..5) */
  stars?: number;
  /** only reviews with a photo (false is the same as absent) */
  withPhotos?: boolean;
  page?: number;
  pageSize?: number;
}

const helpfulUrl = (reviewId: number) => `/reviews/${encodeURIComponent(String(reviewId))}/helpful`;

/**
 * `Page` is the contract's ProductReviewPage, named by the caller: shared-contracts/schemas imports this folder's
 * rules, so this folder does not import the schemas back (no folder circle).
 */
export function createReviewsApi<Page>({ apiClient, readData }: ReviewsApiDeps) {
  return {
    /** GET /products/:productId/reviews: the summary and one page of visible reviews (votedHelpful/mine when signed in). */
    list: (productId: number, query: ProductReviewsQuery = {}, signal?: AbortSignal) =>
      readData<Page>(
        apiClient.get(`/products/${encodeURIComponent(String(productId))}/reviews`, {
          query: {
            sort: query.sort,
            stars: query.stars,
            withPhotos: query.withPhotos ? true : undefined,
            page: query.page,
            pageSize: query.pageSize,
          },
          signal,
        }),
      ),
    /** PUT /reviews/:id/helpful: the viewer finds the review helpful (again: no change). */
    voteHelpful: (reviewId: number) => readData<ReviewHelpfulAnswer>(apiClient.put(helpfulUrl(reviewId))),
    /** DELETE /reviews/:id/helpful: takes the viewer's vote back. */
    unvoteHelpful: (reviewId: number) => readData<ReviewHelpfulAnswer>(apiClient.delete(helpfulUrl(reviewId))),
    /** POST /reviews/:id/reports: answers 204 (a repeat is accepted and changes nothing). */
    report: async (reviewId: number, input: ReviewReportBody): Promise<void> => {
      await apiClient.post(`/reviews/${encodeURIComponent(String(reviewId))}/reports`, input);
    },
  };
}

export type ReviewsApi<Page> = ReturnType<typeof createReviewsApi<Page>>;
