/**
 * A nudge inside this process: a notification's deliveries were just committed, so this instance's worker goes
 * at once instead of at its next tick (other instances find them on theirs).
 */
const listeners = new Set<() => void>();

export function onDeliveriesWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after the transaction that scheduled deliveries has committed. */
export function deliveriesWaiting(): void {
  for (const listener of listeners) listener();
}
