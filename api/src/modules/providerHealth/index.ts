/**
 * The providerHealth module's front door — each outside provider's circuit breaker recorded as it opens and closes
 * (any instance), with the messages waiting for it, for the owner's status panel. Nothing else of the module is
 * imported from outside.
 */
export { providerHealthModule } from './providerHealthModule';
