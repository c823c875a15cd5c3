/** The partsRequests module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { currentEstimate } from './partsEstimate';
export { partsRequestContextOf, type PartsRequestContext } from './partsRequestContext';
export { publishPartsChange } from './partsRequestEvents';
export { approvalExpired, movePartsRequest, partsRequestMessages } from './partsRequestTransition';
export { reserveAfterApproval } from './partsRequestWork';
export { partsRequestsModule } from './partsRequestsModule';
export { findingOf, findingPhotos } from './partsRequestViews';
export { serviceOrderParts } from './serviceOrderParts';
