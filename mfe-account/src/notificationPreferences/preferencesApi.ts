import { ApiError, apiClient, ensureSucceeded, envelopeData, messages } from 'shared-contracts';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CHANNELS, NOTIFICATION_TOPICS } from 'shared-contracts/notifications';
import type { NotificationPreferences, NotificationPreferencesInput, PushSubscriptionInput } from 'shared-contracts/schemas';

async function read<T>(request: Promise<unknown>): Promise<T> {
  const body = await request;
  ensureSucceeded(body);
  const data = envelopeData(body);
  if (data === undefined || data === null) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
  return data as T;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer as the page shows it: an answer without the contract's shape is a bad response, a missing choice its default. */
function preferencesOf(data: unknown): NotificationPreferences {
  if (!isRecord(data) || !isRecord(data.topics) || !isRecord(data.reachable)) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
  const { topics, reachable } = data;
  const choices = (topic: (typeof NOTIFICATION_TOPICS)[number]) => {
    const given = isRecord(topics[topic]) ? topics[topic] : {};
    return Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, typeof given[channel] === 'boolean' ? given[channel] : DEFAULT_NOTIFICATION_PREFERENCES[topic][channel]]));
  };
  return {
    topics: Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, choices(topic)])) as NotificationPreferences['topics'],
    reachable: Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, reachable[channel] === true])) as NotificationPreferences['reachable'],
  };
}

/** The signed-in user's channels per topic and this browser's Web Push subscription (/api/notifications/…). */
export const preferencesApi = {
  get: async (signal?: AbortSignal) => preferencesOf(await read<unknown>(apiClient.get('/notifications/preferences', { signal }))),
  save: async (topics: NotificationPreferencesInput['topics']) => preferencesOf(await read<unknown>(apiClient.put('/notifications/preferences', { topics }))),
  /** The VAPID public key; null when this server sends no push. */
  pushKey: async (): Promise<string | null> => (await read<{ publicKey: string | null }>(apiClient.get('/notifications/push-key'))).publicKey,
  addSubscription: async (subscription: PushSubscriptionInput): Promise<void> => {
    ensureSucceeded(await apiClient.post('/notifications/push-subscriptions', subscription));
  },
  removeSubscription: async (endpoint: string): Promise<void> => {
    ensureSucceeded(await apiClient.delete('/notifications/push-subscriptions', { query: { endpoint } }));
  },
};
