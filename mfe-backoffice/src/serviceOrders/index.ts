// /staff/service-orders: the board of service orders, its drawer, and the parts desk view.
export { ServiceOrdersViews } from './ServiceOrdersViews';
