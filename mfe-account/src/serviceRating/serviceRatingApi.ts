import { ApiError, apiClient, ensureSucceeded, envelopeData, messages } from 'shared-contracts';
import type { MyServiceRatings, PendingServiceRating, PendingServiceRatings, ServiceRating, ServiceRatingInput } from 'shared-contracts/schemas';

/**
 * The customer's ratings of their visits (issue 48 §2). Answers are read with or without the `{ success, message,
 * data }` envelope; a refusal throws the API client's ApiError (Vietnamese message, status).
 */
async function read<T>(request: Promise<unknown>): Promise<T> {
  const body = await request;
  ensureSucceeded(body);
  const data = envelopeData(body);
  if (data === undefined || data === null) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
  return data as T;
}

export const serviceRatingApi = {
  /** GET /service-ratings/pending: closed visits of the last days not rated yet. */
  pending: async (signal?: AbortSignal): Promise<PendingServiceRating[]> => (await read<PendingServiceRatings>(apiClient.get('/service-ratings/pending', { signal }))).items,
  /** GET /service-ratings/mine: the customer's ratings, newest first. */
  mine: async (signal?: AbortSignal): Promise<ServiceRating[]> => (await read<MyServiceRatings>(apiClient.get('/service-ratings/mine', { signal }))).items,
  /** PUT /service-orders/:id/rating: gives or changes the visit's rating (409 once the edit window has passed). */
  rate: (serviceOrderId: number, input: ServiceRatingInput) =>
    read<ServiceRating>(apiClient.put(`/service-orders/${encodeURIComponent(String(serviceOrderId))}/rating`, input)),
};

/** Whether the rating may still be changed. */
export function isRatingEditable(rating: ServiceRating, now: number = Date.now()): boolean {
  return Date.parse(rating.editableUntil) > now;
}
