// The web order desk (decision 0037) on /staff, /manager and /admin/web-orders.
export { WebOrderDeskPage } from './WebOrderDeskPage';
