/**
 * The webOrders module's front door — the web-order desk of a centre: list, detail, its routes to the order's steps
 * and notes. Nothing else of the module is imported from outside.
 */
export { webOrderInScope } from './webOrderScope';
export { webOrdersModule } from './webOrdersModule';
export { webOrderMessages } from './webOrderMessages';
