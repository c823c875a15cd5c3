import { apiClient, readData } from 'shared-contracts';
import type { NotificationList, UnreadCount } from 'shared-contracts/schemas';

/** The notification centre's calls the bell makes (own notifications of the signed-in user). */
export const notificationsApi = {
  unreadCount: () => readData<UnreadCount>(apiClient.get('/notifications/unread-count')),
  latest: (limit: number) => readData<NotificationList>(apiClient.get('/notifications', { query: { limit } })),
  markRead: (ids: number[]) => readData<UnreadCount>(apiClient.put('/notifications/read', { ids })),
  markAllRead: () => readData<UnreadCount>(apiClient.put('/notifications/read', { all: true })),
  /** Renews the access token after the stream answered 401 (the shared client refreshes the session, or logs out). */
  renewSession: () => apiClient.get('/Auth/profile'),
};
