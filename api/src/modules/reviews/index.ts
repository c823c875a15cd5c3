/**
 * The reviews module's front door — what customers say: product reviews from verified buyers (photos, the shop's
 * reply, "Hữu ích" votes, reports, moderation) and service ratings after a visit (follow-ups on low ones, rating KPIs
 * and CSV). Nothing else of the module is imported from outside.
 */
export { reviewsModule } from './reviewsModule';
export { RATING_REQUEST_BATCH, RATING_REQUEST_SCHEDULE, sendRatingRequests } from './serviceRatings/serviceRatingRequests';
export { authorNameOf, refreshProductRating } from './productReviews/productReviewRating';
