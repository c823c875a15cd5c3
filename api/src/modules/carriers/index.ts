/**
 * The carriers module's front door — the carriers' APIs behind one adapter (GHN, GHTK) with local stand-ins, their
 * ward codes, and the checkout's live shipping quote with its flat-fee fallback. Nothing else of the module is
 * imported from outside.
 */
export { CarrierRefusal, type CarrierAdapter, type CarrierAddress, type CarrierOrderCreated, type CarrierOrderRequest, type CarrierQuoteRequest, type CarrierServiceQuote, type CarrierStatusUpdate, type CarrierWebhookRequest, type CodStatementLine, type Parcel } from './carrierAdapter';
export { carrierFor, enabledCarriers, installCarriers } from './carrierRegistry';
export { bandedParcel, clearShippingQuotes, QUOTE_DEADLINE_MS, quoteShipping, type QuoteShippingDeps, type ShippingQuote, type ShippingQuoteRequest } from './quoteShipping';
