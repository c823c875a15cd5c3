/**
 * The auth module's front door — register, login (password, Google), email codes, password reset, tokens and their
 * revocation, and the account row's writes. Nothing else of the module is imported from outside.
 */
export { accountExistsRoutes } from './accountExistsRoutes';
export { authMessages } from './authMessages';
export { authRoutes } from './authRoutes';
export { changeAccountRoleKeepingAnAdmin, disableAccountKeepingAnAdmin, insertAccount, makeAccountAdmin, setAccountAvatar, setAccountDisabledAt, updateAccountProfile } from './accountWrites';
export { changePassword, vietnamToday } from './authService';
export { lockCustomerForCheckout, readCheckoutCustomer, type CheckoutCustomer } from './checkoutLock';
export { googleRoutes } from './googleRoutes';
export { issueOtpCode } from './otpCodes';
export { revokeUserSessions } from './sessions';
export { findUserByEmail, findUserById, toProfile, uniqueViolation } from './usersQueries';
