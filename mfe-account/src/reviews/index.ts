// Product reviews by their buyers (issue 48 §1): on the order detail page and the dashboard's "Chờ đánh giá".
export { OrderLineReview } from './OrderLineReview';
export { useOrderReviews, type OrderReviews } from './useOrderReviews';
export { loadPendingReviews, PENDING_REVIEWS_SHOWN, PendingReviewsCard } from './PendingReviews';
export { reviewsText } from './reviewsText';
