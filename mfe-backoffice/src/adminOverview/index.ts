export { AdminOverview } from './AdminOverview';
export { CentreComparison } from './CentreComparison';
