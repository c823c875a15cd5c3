/** The tables of the service ratings (issue 48); filled in by migration 0043_service_ratings. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServiceRatingTables {}
