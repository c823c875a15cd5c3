/** The one door for the shop's calls to outside providers (payOS, Zalo ZNS, eSMS, Google, push services, SMTP, S3): time-outs, retries, breakers, metrics. */
export { createOutboundClient, type OutboundClient, type OutboundClientOptions, type OutboundRequest } from './outboundClient';
export { createOutboundGuard, ProviderUnavailable, type CallOutcome, type GuardedCall, type OutboundGuard, type OutboundGuardOptions } from './outboundGuard';
export { createCircuitBreaker, type CircuitBreaker, type CircuitBreakerOptions } from './circuitBreaker';
export { OUTBOUND_PROVIDERS, type OutboundProvider } from './providers';
export { onProviderStateChange, type ProviderStateChange } from './providerStates';
