/** The reviews module's front door (issue 48): product reviews, service ratings, their moderation and KPIs. */
export { reviewsModule } from './reviewsModule';
export { RATING_REQUEST_BATCH, RATING_REQUEST_SCHEDULE, sendRatingRequests } from './serviceRatings/serviceRatingRequests';
export { authorNameOf, refreshProductRating } from './productReviews/productReviewRating';
