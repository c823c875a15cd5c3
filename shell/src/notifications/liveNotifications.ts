import { defaultApiBase, eventBus, sessionStore, type EventBus, type Session, type SessionStore } from 'shared-contracts';
import { NOTIFICATION_EVENT } from 'shared-contracts/notifications';
import { subscribeEventStream } from 'shared-contracts/eventStream';
import type { Notification } from 'shared-contracts/schemas';
import { notificationsApi } from './notificationsApi';
import { announceArrival, setUnreadCount } from './notificationState';

/**
 * The bell's live part, loaded after the app has started: the unread count fetched after sign-in, kept live by
 * GET /api/notifications/events (`notification` { notification, unreadCount }: the count, a toast, an open panel's
 * list) and by the remotes' 'notifications/unread-changed' on the bus. The stream closes at logout and opens again
 * for the next user who signs in.
 */

export const NOTIFICATION_EVENTS_PATH = '/notifications/events';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `notification` event's data, or null when it is not one the bell understands. */
export function parseNotificationEvent(data: string): { notification: Notification; unreadCount: number } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.notification) || typeof parsed.unreadCount !== 'number') return null;
  const { id, title, body, link, createdAt, readAt } = parsed.notification;
  if (typeof id !== 'number' || typeof title !== 'string') return null;
  return {
    notification: {
      ...(parsed.notification as Notification),
      body: typeof body === 'string' ? body : '',
      link: typeof link === 'string' ? link : null,
      createdAt: typeof createdAt === 'string' ? createdAt : new Date().toISOString(),
      readAt: typeof readAt === 'string' ? readAt : null,
    },
    unreadCount: parsed.unreadCount,
  };
}

export interface LiveNotificationsOptions {
  session?: SessionStore;
  bus?: EventBus;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
}

/** Follows the session: while someone is signed in, their count and stream; returns a function that stops it all. */
export function startLiveNotifications(options: LiveNotificationsOptions = {}): () => void {
  const session = options.session ?? sessionStore;
  const bus = options.bus ?? eventBus;
  let userId: string | null = null;
  let stopStream: (() => void) | null = null;
  let generation = 0;

  const refreshCount = () => {
    const current = generation;
    notificationsApi
      .unreadCount()
      .then(({ unreadCount }) => {
        if (current === generation) setUnreadCount(unreadCount);
      })
      .catch(() => undefined);
  };

  const begin = () => {
    refreshCount();
    stopStream = subscribeEventStream({
      url: `${(options.baseUrl ?? defaultApiBase()).replace(/\/$/, '')}${NOTIFICATION_EVENTS_PATH}`,
      session,
      onEvent: (message) => {
        if (message.event !== NOTIFICATION_EVENT) return;
        const event = parseNotificationEvent(message.data);
        if (!event) return;
        setUnreadCount(event.unreadCount);
        announceArrival(event.notification);
        bus.publish('toast/show', { type: 'info', message: event.notification.title });
      },
      // back after a drop: what arrived meanwhile is in the count
      onOpen: ({ reconnected }) => {
        if (reconnected) refreshCount();
      },
      renewToken: notificationsApi.renewSession,
      fetchImpl: options.fetchImpl,
    });
  };

  const end = () => {
    generation += 1;
    stopStream?.();
    stopStream = null;
    setUnreadCount(0);
  };

  const follow = (next: Session | null) => {
    const nextUser = next?.token ? next.user.id : null;
    if (nextUser === userId) return;
    end();
    userId = nextUser;
    if (nextUser !== null) begin();
  };

  const sessionSubscription = session.changes().subscribe(follow);
  const busSubscription = bus.on('notifications/unread-changed').subscribe(({ unreadCount }) => setUnreadCount(unreadCount));
  return () => {
    sessionSubscription.unsubscribe();
    busSubscription.unsubscribe();
    end();
    userId = null;
  };
}
