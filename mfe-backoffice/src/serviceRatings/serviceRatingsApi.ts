import { apiClient, readData } from 'shared-contracts';
import type { FollowUpStatus } from 'shared-contracts/reviews';
import type { FollowUpList, RatingKpis, ServiceRatingFollowUp, StaffServiceRating, StaffServiceRatingPage } from 'shared-contracts/schemas';

/** A range of local dates (YYYY-MM-DD, both inclusive) and the centre (none: the manager's own, or all for an admin). */
export interface RatingScope {
  from: string;
  to: string;
  centreId?: number;
}

export interface RatingListFilters extends RatingScope {
  maxStars?: number;
  technicianId?: number;
  page: number;
}

/** The rating KPIs' query string, the CSV link's as well: from, to, then the centre when one is chosen. */
export function ratingKpiQuery({ from, to, centreId }: RatingScope): string {
  const params = new URLSearchParams({ from, to });
  if (centreId !== undefined) params.set('centreId', String(centreId));
  return params.toString();
}

/** The address of the rating KPIs' CSV (a real link; downloaded with the session's token). */
export const ratingKpiCsvPath = (scope: RatingScope) => `/api/service-ratings/kpis.csv?${ratingKpiQuery(scope)}`;

/** The centre's service ratings, their follow-ups and the rating KPIs (manager: own centre; admin: any). */
export const serviceRatingsApi = {
  kpis: (scope: RatingScope, signal?: AbortSignal) => readData<RatingKpis>(apiClient.get(`/service-ratings/kpis?${ratingKpiQuery(scope)}`, { signal })),
  list: ({ centreId, from, to, maxStars, technicianId, page }: RatingListFilters, signal?: AbortSignal) =>
    readData<StaffServiceRatingPage>(apiClient.get('/service-ratings', { query: { centreId, from, to, maxStars, technicianId, page }, signal })),
  hide: (id: number, reason: string) => readData<StaffServiceRating>(apiClient.post(`/service-ratings/${id}/hide`, { reason })),
  unhide: (id: number) => readData<StaffServiceRating>(apiClient.post(`/service-ratings/${id}/unhide`, {})),
  followUps: (filters: { centreId?: number; status?: FollowUpStatus }, signal?: AbortSignal) =>
    readData<FollowUpList>(apiClient.get('/service-rating-follow-ups', { query: { centreId: filters.centreId, status: filters.status }, signal })),
  addNote: (id: number, text: string) => readData<ServiceRatingFollowUp>(apiClient.post(`/service-rating-follow-ups/${id}/notes`, { text })),
  close: (id: number, outcome: string) => readData<ServiceRatingFollowUp>(apiClient.post(`/service-rating-follow-ups/${id}/close`, { outcome })),
};
