import { ApiError, apiClient, ensureSucceeded, envelopeData, eventBus, messages } from 'shared-contracts';
import { NOTIFICATIONS_PAGE_SIZE } from 'shared-contracts/notifications';
import type { NotificationList, UnreadCount } from 'shared-contracts/schemas';

async function read<T>(request: Promise<unknown>): Promise<T> {
  const body = await request;
  ensureSucceeded(body);
  const data = envelopeData(body);
  if (data === undefined || data === null) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
  return data as T;
}

/** The shell's bell shows what the page now knows. */
export function publishUnread(unreadCount: number): void {
  eventBus.publish('notifications/unread-changed', { unreadCount });
}

/** The signed-in user's notifications (GET/PUT /api/notifications…); each read change is published to the bell. */
export const notificationsApi = {
  list: (before?: number, signal?: AbortSignal) => read<NotificationList>(apiClient.get('/notifications', { query: { before, limit: NOTIFICATIONS_PAGE_SIZE }, signal })),
  markRead: async (ids: number[]): Promise<UnreadCount> => {
    const answer = await read<UnreadCount>(apiClient.put('/notifications/read', { ids }));
    publishUnread(answer.unreadCount);
    return answer;
  },
  markAllRead: async (): Promise<UnreadCount> => {
    const answer = await read<UnreadCount>(apiClient.put('/notifications/read', { all: true }));
    publishUnread(answer.unreadCount);
    return answer;
  },
};
