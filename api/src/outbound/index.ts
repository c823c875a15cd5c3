/** The one door for the shop's calls to outside providers (payOS, Zalo ZNS, eSMS, Google): time-outs, retries, breakers, metrics. */
export { createOutboundClient, OUTBOUND_PROVIDERS, ProviderUnavailable, type OutboundClient, type OutboundClientOptions, type OutboundProvider, type OutboundRequest } from './outboundClient';
export { createCircuitBreaker, type CircuitBreaker, type CircuitBreakerOptions } from './circuitBreaker';
