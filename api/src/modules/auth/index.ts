/**
 * The auth module's front door — register, login (password, Google), email codes, password reset, tokens and their
 * revocation. Nothing else of the module is imported from outside.
 */
export { accountExistsRoutes } from './accountExistsRoutes';
export { authMessages } from './authMessages';
export { authRoutes } from './authRoutes';
export { changePassword, vietnamToday } from './authService';
export { googleRoutes } from './googleRoutes';
export { issueOtpCode } from './otpCodes';
export { revokeUserSessions } from './sessions';
export { findUserByEmail, findUserById, toProfile, uniqueViolation } from './usersQueries';
