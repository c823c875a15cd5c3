/**
 * The users module's front door — the profile and avatar of the signed-in user. Nothing else of the module is
 * imported from outside.
 */
export { disableUser, enableUser } from './accountStatus';
export { customerRoutes } from './customerRoutes';
export { profileRoutes } from './profileRoutes';
