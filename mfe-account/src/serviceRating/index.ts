// Ratings of service visits (issue 48 §2): the dashboard's "Đánh giá lần bảo dưỡng" and the maintenance history's marks.
export { loadPendingVisits, PendingVisitsCard } from './PendingVisits';
export { loadVisitRatings, RecordRating, withRating, type VisitRatings } from './RecordRating';
export { serviceRatingText } from './serviceRatingText';
