/**
 * The orders module's front door — checkout and the order's life: `placeOrder`, `markOrderPaid` (the one paid path),
 * `reopenOrder`, `cancelOrder`, `takeDeskAction` (the desk's steps), payment expiry; the customer's order routes.
 * Nothing else of the module is imported from outside.
 */
export { deliveryFailedText, takeCarrierStep, type CarrierStep } from './carrierSteps';
export { shippingCentreId } from './deskCentre';
export { SYSTEM_ACTOR, markOrderPaid, reopenOrder, type PaymentActor } from './markOrderPaid';
export { orderCodeFor, provisionalOrderCode } from './orderCode';
export { addDeskNote, deskActionMessages, takeDeskAction } from './deskActions';
export { isUniqueViolation, orderRequestHash } from './orderIdempotency';
export { expireUnpaidOrders, webOrderFactsOf, type OrderActor } from './orderLifecycle';
export { orderMessages } from './orderMessages';
export { consumePackageCredit, findOwnPackageCredit, restorePackageCredit, type PackageCreditInfo } from './packageCredits';
export { readOrderTimeline } from './orderTimeline';
// The basket as one parcel, as the checkout quotes it: the desk's waybill carries the same.
export { parcelOf } from './shippingQuote';
export { findOrderRow, toOrder } from './orderView';
export { ordersRoutes } from './ordersRoutes';
export type { ShopContext } from './placeOrder';
export { announceWebOrderChange } from './webOrderChanges';
