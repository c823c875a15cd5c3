/**
 * The centres module's front door — the public list of service centres. Nothing else of the module is imported from
 * outside.
 */
export { centresRoutes } from './centresRoutes';
