import type { IntegratedCarrier } from 'shared-contracts/schemas';
import type { CarrierAdapter } from './carrierAdapter';

/**
 * The adapters this process ships with, set once when the app starts (carriersModule) from CARRIERS and the carriers'
 * settings; tests may install their own. One per process: the carriers' accounts are the shop's, not a request's.
 */
let installed: ReadonlyMap<IntegratedCarrier, CarrierAdapter> = new Map();

/** Replaces the adapters (the enabled carriers, in the order the checkout lists them); answers a function restoring the previous ones. */
export function installCarriers(adapters: readonly CarrierAdapter[]): () => void {
  const previous = installed;
  installed = new Map(adapters.map((adapter) => [adapter.carrier, adapter]));
  return () => {
    installed = previous;
  };
}

/** The configured adapter of `carrier`, or null when the shop does not ship with it. */
export function carrierFor(carrier: IntegratedCarrier): CarrierAdapter | null {
  return installed.get(carrier) ?? null;
}

/** The carriers the shop ships with (CARRIERS), in order. */
export function enabledCarriers(): IntegratedCarrier[] {
  return [...installed.keys()];
}

export function installedAdapters(): CarrierAdapter[] {
  return [...installed.values()];
}
