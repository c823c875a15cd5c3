/**
 * The partsDemand module's front door — the manager's parts demand forecast. Nothing else of the module is imported
 * from outside.
 */
export { partsDemandRoutes } from './partsDemandRoutes';
