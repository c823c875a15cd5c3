/**
 * The staffAdmin module's front door — users, roles and staff assignments (admin, managers). Nothing else of the
 * module is imported from outside.
 */
export { promoteToAdmin } from './adminPromotion';
export { staffAdminModule } from './staffAdminModule';
export { createStaffUser } from './userAccounts';
