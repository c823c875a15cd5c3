export * from './user/user';
export * from './user/normalizeUser';
export * from './user/accountRules';
export * from './bus/events';
export * from './bus/eventBus';
export * from './session/sessionStore';
export * from './api/apiClient';
export * from './api/envelope';
export * from './federation/remotes';
export * from './federation/remoteModules';
export * from './routes/routeTable';
export * from './i18n/messages';
export * from './format/money';
export * from './format/date';
export * from './otp/sanitizeOtp';
export * from './cart/cartSnapshot';
export * from './text/foldVietnamese';
// The error-code catalogue: its types only; its values are in the subpath 'shared-contracts/errors' (the budget below).
export type { ClientErrorCode, ErrorCode } from './errors/errorCodes';
// The shop's pure functions (pricing, shipping, provinces, order status labels) and the vehicle rules are NOT
// exported here: this module is a federation singleton on the first load of '/', which has a 200 KB budget
// (docs/decisions/0003-no-zod-in-browser-bundles.md). Import them from 'shared-contracts/pricing' and
// 'shared-contracts/vehicle' (zod-free, bundled into the lazy chunks that use them).
