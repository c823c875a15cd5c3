/**
 * The shipments module's front door — a web order's parcel with a carrier: the waybill, cancel, labels and pickups, the
 * carrier's verified webhooks moving the order, returns restocked once, COD statements reconciled. Nothing else of the
 * module is imported from outside.
 */
export { applyCarrierStatus, applyCarrierWebhook, type WebhookOutcome } from './carrierWebhooks';
export { followQuietParcels, type FollowOutcome } from './followQuietParcels';
export { cancelShipment, createShipment, shipmentInScope } from './createShipment';
export type { ShipmentContext, ShipmentDeps } from './shipmentDeps';
export { shipmentMessages } from './shipmentMessages';
export { shipmentsModule } from './shipmentsModule';
export { shipmentViewOfOrder, toShipmentView } from './shipmentView';
// The desk's paper (labels PDF, the day's pickups) and the carriers' COD statements (the app hands in the exceptions queue).
export { shipmentDeskRoutes } from './labels/shipmentDeskRoutes';
export { codStatementsRoutes, type CodStatementsRoutesOptions } from './codStatements/codStatementsRoutes';
export type { CodExceptionQueue } from './codStatements/importCodStatement';
// The development seed's parcels (api/seed/demoParcels.ts writes their orders first).
export { seedDemoShipments, type DemoParcel, type DemoParcelStory } from './demoShipments';
