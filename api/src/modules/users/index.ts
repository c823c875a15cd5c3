/** The users module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { disableUser, enableUser } from './accountStatus';
export { customerRoutes } from './customerRoutes';
export { profileRoutes } from './profileRoutes';
