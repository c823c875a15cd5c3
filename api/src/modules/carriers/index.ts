/**
 * The carriers module's front door — the carriers' APIs behind one adapter (GHN, GHTK) with local stand-ins, their
 * ward codes, and the checkout's live shipping quote with its flat-fee fallback. Nothing else of the module is
 * imported from outside.
 */
export { CarrierRefusal, type CarrierAdapter, type CarrierAddress, type CarrierOrderCreated, type CarrierOrderRequest, type CarrierQuoteRequest, type CarrierServiceQuote, type CarrierStatusUpdate, type CarrierWebhookRequest, type CodStatementLine, type Parcel } from './carrierAdapter';
export { carrierFor, enabledCarriers, installCarriers } from './carrierRegistry';
export { bandedParcel, clearShippingQuotes, QUOTE_DEADLINE_MS, quoteShipping, type QuoteShippingDeps, type ShippingQuote, type ShippingQuoteRequest } from './quoteShipping';
export { carriersModule } from './carriersModule';
export { carrierCallbackUrl, carrierStatusOf } from './carrierRuntime';
export { ghnWardCodeReader, nameKey, syncCarrierWardCodes, type WardCodeSync } from './carrierWardCodes';
export { ghnAdapter, type GhnSettingsForAdapter } from './adapters/ghnAdapter';
export { ghtkAdapter, type GhtkSettingsForAdapter } from './adapters/ghtkAdapter';
export { ghnStandIn, ghnStandInMasterData, type GhnStandIn } from './standIns/ghnStandIn';
export { ghtkStandIn, type GhtkStandIn } from './standIns/ghtkStandIn';
