/** The cart owner's chunk, fetched on demand (once; later calls share the same promise). */
export function loadCartOwner(): Promise<typeof import('./cartOwner')> {
  return import('./cartOwner');
}
