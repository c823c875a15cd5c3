// "Đối soát": the admin's daily reconciliation of transfers (decision 0045).
export { ReconciliationView } from './ReconciliationView';
