import { apiClient, readData } from 'shared-contracts';
import { createReviewsApi } from 'shared-contracts/reviews';
import type { ProductReviewPage } from 'shared-contracts/schemas';

/** The product review calls through the page's one API client. */
export const reviewsApi = createReviewsApi<ProductReviewPage>({ apiClient, readData });
