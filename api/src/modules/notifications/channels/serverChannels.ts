import type { NotificationChannel as ChannelName } from 'shared-contracts/schemas';

/**
 * The channels the servers of this process send on, each app's registered by notificationChannelsModule from its
 * config (email always: its messages wait in the outbox until SMTP_URL is set). A notification's delivery is queued on
 * the first channel the user allows that one of them sends on, as the worker's fallback already chose: a production
 * server without ZALO_ZNS_ACCESS_TOKEN queued every staff notification on Zalo first, failed it and fell back to
 * email, six statements and a warning each (docs/performance.md, bench:vendure). With no app registered (a script,
 * a unit test) every channel counts, and several apps in one process (tests) count together.
 */
const registered = new Map<symbol, ReadonlySet<ChannelName>>();

/** Registers an app's channels; the returned function unregisters them (the app's close). */
export function registerServerChannels(channels: Iterable<ChannelName>): () => void {
  const key = Symbol('app');
  registered.set(key, new Set(channels));
  return () => registered.delete(key);
}

/** Whether a server of this process sends on `channel` (every channel while none is registered). */
export function serverSendsOn(channel: ChannelName): boolean {
  if (registered.size === 0) return true;
  for (const channels of registered.values()) if (channels.has(channel)) return true;
  return false;
}
