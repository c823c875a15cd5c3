export * from './primitives';
export * from './envelope';
export * from './health';
export * from './serviceCentre';
export * from './auth';
export * from './catalogue';
export * from './shop';
export * from './service';
export * from './backoffice';
export * from './inventory';
export * from './partsRequests';
export * from './kpis';
export * from './reports';
export * from './staffAdmin';
export * from './shifts';
export * from '../diagnostics/predictionSchemas';
export * from './partsDemand';
// The `redirect` rule, for the API too (it reads shared-contracts through subpaths such as this one).
export { REDIRECT_PATH_MAX_LENGTH, safeRedirectTarget } from '../routes/safeRedirect';
