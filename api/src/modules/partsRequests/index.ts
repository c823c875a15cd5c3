/**
 * The partsRequests module's front door — parts asked on the floor, the customer's approval, reservation and issue;
 * free part lines. Nothing else of the module is imported from outside.
 */
export { currentEstimate } from './partsEstimate';
export { partsRequestContextOf, type PartsRequestContext } from './partsRequestContext';
export { publishPartsChange } from './partsRequestEvents';
export { approvalExpired, movePartsRequest, partsRequestMessages } from './partsRequestTransition';
export { reserveAfterApproval } from './partsRequestWork';
export { partsRequestsModule } from './partsRequestsModule';
export { findingOf, findingPhotos } from './partsRequestViews';
export { serviceOrderParts } from './serviceOrderParts';
