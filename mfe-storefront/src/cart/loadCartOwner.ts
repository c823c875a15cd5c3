import type * as CartOwner from './cartOwner';

/** The cart owner's chunk, fetched on demand (once; later calls share the same promise). */
export function loadCartOwner(): Promise<typeof CartOwner> {
  return import('./cartOwner');
}
