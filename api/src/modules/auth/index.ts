/** The auth module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { accountExistsRoutes } from './accountExistsRoutes';
export { authMessages } from './authMessages';
export { authRoutes } from './authRoutes';
export { changePassword, vietnamToday } from './authService';
export { googleRoutes } from './googleRoutes';
export { issueOtpCode } from './otpCodes';
export { revokeUserSessions } from './sessions';
export { findUserByEmail, findUserById, toProfile, uniqueViolation } from './usersQueries';
