/**
 * The health module's front door — readiness and liveness. Nothing else of the module is imported from outside.
 */
export { healthRoutes } from './healthRoutes';
