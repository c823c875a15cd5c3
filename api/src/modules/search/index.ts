/**
 * The search module's front door — the in-memory catalogue search index and `/api/search`. Nothing else of the module
 * is imported from outside.
 */
export { searchRoutes } from './searchRoutes';
