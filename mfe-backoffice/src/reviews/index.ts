// The admin's product-review moderation (issue 48 §1, §3) at /admin/reviews, and the hide dialog the ratings share.
export { AdminReviewsPage } from './AdminReviewsPage';
export { HideReasonDialog } from './HideReasonDialog';
export { Stars } from './Stars';
