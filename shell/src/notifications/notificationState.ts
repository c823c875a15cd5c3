import { useSyncExternalStore } from 'react';
import type { Notification } from 'shared-contracts/schemas';

/**
 * The signed-in user's unread count and the notifications arriving live, shared by every bell on the page (header
 * and work bar). Small on purpose: it is in the shell's first load; the live part (the count's fetch, the event
 * stream, the bus) is loaded once a bell has rendered, in a chunk of its own (liveLoader.ts, liveNotifications.ts).
 */

let unreadCount = 0;
const countListeners = new Set<() => void>();
const arrivalListeners = new Set<(notification: Notification) => void>();

export function currentUnreadCount(): number {
  return unreadCount;
}

export function setUnreadCount(next: number): void {
  const value = Number.isInteger(next) && next > 0 ? next : 0;
  if (value === unreadCount) return;
  unreadCount = value;
  countListeners.forEach((listener) => listener());
}

function subscribeCount(listener: () => void): () => void {
  countListeners.add(listener);
  return () => countListeners.delete(listener);
}

/** The unread count, re-rendering when it changes; 0 in the server-rendered first view. */
export function useUnreadCount(): number {
  return useSyncExternalStore(subscribeCount, currentUnreadCount, () => 0);
}

/** A notification the stream delivered: an open panel puts it first. */
export function announceArrival(notification: Notification): void {
  arrivalListeners.forEach((listener) => listener(notification));
}

export function subscribeArrivals(listener: (notification: Notification) => void): () => void {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
}
