// Service ratings (issue 48 §2, §3): the manager's ratings page with follow-ups and rating KPIs, the KPI page's
// "Đánh giá của khách" and the admin reports' comparison of centres.
export { CentreRatingComparison } from './CentreRatingComparison';
export { CentreRatingSummary } from './CentreRatingSummary';
export { ServiceRatingsPage } from './ServiceRatingsPage';
