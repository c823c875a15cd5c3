export * from './reviewRules';
// The customer-side product review calls (list, "Hữu ích" votes, reports) the remotes share.
export * from './reviewsApi';
