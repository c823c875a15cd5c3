/**
 * The contact module's front door — the contact form. Nothing else of the module is imported from outside.
 */
export { contactRoutes } from './contactRoutes';
