/** The webOrders module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { webOrderInScope } from './webOrderScope';
export { webOrdersModule } from './webOrdersModule';
export { webOrderMessages } from './webOrderMessages';
