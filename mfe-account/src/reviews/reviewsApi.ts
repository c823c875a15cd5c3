import { ApiError, apiClient, ensureSucceeded, envelopeData, messages } from 'shared-contracts';
import { PRODUCT_REVIEW_EDIT_DAYS } from 'shared-contracts/reviews';
import type { ProductReview, ProductReviewCreateInput, ProductReviewUpdateInput, ReviewableLine, ReviewableLines } from 'shared-contracts/schemas';

/**
 * The customer's own product reviews (issue 48 §1): the delivered lines to review, writing, editing and deleting a
 * review, and its photos one per request. Answers are read with or without the `{ success, message, data }`
 * envelope; a refusal throws the API client's ApiError (Vietnamese message, status).
 */
async function read<T>(request: Promise<unknown>): Promise<T> {
  const body = await request;
  ensureSucceeded(body);
  const data = envelopeData(body);
  if (data === undefined || data === null) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
  return data as T;
}

const reviewPath = (reviewId: number) => `/reviews/${encodeURIComponent(String(reviewId))}`;

export const reviewsApi = {
  /** GET /reviews/reviewable: the customer's delivered or handed-over lines, each with its review or null. */
  reviewable: async (signal?: AbortSignal): Promise<ReviewableLine[]> => (await read<ReviewableLines>(apiClient.get('/reviews/reviewable', { signal }))).items,
  /** POST /reviews → 201 the review (403 not a delivered line of theirs, 409 already reviewed, 429 too many). */
  create: (input: ProductReviewCreateInput) => read<ProductReview>(apiClient.post('/reviews', input)),
  /** PATCH /reviews/:id within the edit window. */
  update: (reviewId: number, input: ProductReviewUpdateInput) => read<ProductReview>(apiClient.patch(reviewPath(reviewId), input)),
  /** DELETE /reviews/:id → 204. */
  remove: async (reviewId: number): Promise<void> => {
    ensureSucceeded(await apiClient.delete(reviewPath(reviewId)));
  },
  /** POST /reviews/:id/photos, multipart field `photo`, one image → the review with it (413/415/400 say why not). */
  addPhoto: (reviewId: number, file: File) => {
    const form = new FormData();
    form.append('photo', file, file.name);
    return read<ProductReview>(apiClient.upload(`${reviewPath(reviewId)}/photos`, form));
  },
  /** DELETE /reviews/:id/photos/:photoId → the review without it. */
  removePhoto: (reviewId: number, photoId: number) => read<ProductReview>(apiClient.delete(`${reviewPath(reviewId)}/photos/${encodeURIComponent(String(photoId))}`)),
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The line with its review as saved now (a new review is editable PRODUCT_REVIEW_EDIT_DAYS from its writing). */
export function withReview(line: ReviewableLine, review: ProductReview | null): ReviewableLine {
  if (review === null) return { ...line, review: null, editableUntil: null };
  const editableUntil = line.editableUntil ?? new Date(Date.parse(review.createdAt) + PRODUCT_REVIEW_EDIT_DAYS * DAY_MS).toISOString();
  return { ...line, review, editableUntil };
}

/** Whether the line's review may still be changed. */
export function isEditable(line: ReviewableLine, now: number = Date.now()): boolean {
  return line.review !== null && line.editableUntil !== null && Date.parse(line.editableUntil) > now;
}
