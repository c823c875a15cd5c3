import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, messages } from 'shared-contracts';
import type { Notification } from 'shared-contracts/schemas';
import { PageIntro } from '../components/PageIntro';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { vi } from '../i18n/vi';
import { LoadFailure } from '../service/LoadFailure';
import { LoginRequired } from '../service/LoginRequired';
import { useSession } from '../session/useSession';
import { notificationsApi, publishUnread } from './notificationsApi';
import { formatNotificationTime, notificationsText as t } from './notificationsText';
import { usePersonalEvents } from './usePersonalEvents';
import styles from './Notifications.module.css';

/** The list as shown: newest first, and the unread of them all. */
interface View {
  items: Notification[];
  hasMore: boolean;
  unreadCount: number;
}

const publishUnreadOf = (view: View) => publishUnread(view.unreadCount);

const failure = (error: unknown, fallback: string = vi.requestFailed) => (error instanceof ApiError && error.message ? error.message : fallback);

/** Newest first, each once. */
function merge(current: Notification[], incoming: Notification[]): Notification[] {
  const byId = new Map(current.map((item) => [item.id, item]));
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

function NotificationList({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'all' | 'more' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // read again (a reconnection, Thử lại) with what is shown left on screen: the newest page merged into it
  const shownView = useRef<View | undefined>(undefined);
  const readFirst = useCallback(async (signal: AbortSignal): Promise<View> => {
    const list = await notificationsApi.list(undefined, signal);
    const previous = shownView.current;
    return {
      items: previous ? merge(previous.items.map((item) => list.items.find((fresh) => fresh.id === item.id) ?? item), list.items) : list.items,
      hasMore: previous ? previous.hasMore : list.hasMore,
      unreadCount: list.unreadCount,
    };
  }, []);
  const { state: loaded, reload, setData } = useAsync(readFirst, { onData: publishUnreadOf });
  useLayoutEffect(() => {
    shownView.current = loaded.data;
  }, [loaded.data]);
  const state = loadedOf(loaded);
  const loadFirst = () => reload('keep');

  usePersonalEvents(
    {
      onNotification: (event) => {
        setData((previous) => previous && { ...previous, items: merge(previous.items, [event.notification]), unreadCount: event.unreadCount });
        setAnnouncement(t.newOne(event.notification.title));
      },
      onReconnected: () => loadFirst(),
    },
    userId,
  );

  const setRead = (ids: number[] | 'all', unreadCount: number) => {
    const at = new Date().toISOString();
    setData((previous) => previous && { ...previous, unreadCount, items: previous.items.map((item) => (item.readAt === null && (ids === 'all' || ids.includes(item.id)) ? { ...item, readAt: at } : item)) });
  };

  const markAll = async () => {
    setBusy('all');
    setError(null);
    try {
      const { unreadCount } = await notificationsApi.markAllRead();
      setRead('all', unreadCount);
    } catch (cause) {
      setError(failure(cause, messages.errors.generic));
    } finally {
      setBusy(null);
    }
  };

  const open = async (item: Notification) => {
    setError(null);
    if (item.readAt === null) {
      try {
        const { unreadCount } = await notificationsApi.markRead([item.id]);
        setRead([item.id], unreadCount);
      } catch (cause) {
        // the link still opens; the notification stays unread
        if (!item.link) return setError(failure(cause, messages.errors.generic));
      }
    }
    // only a path of this site is followed
    if (item.link && /^\/(?!\/)/.test(item.link)) navigate(item.link);
  };

  const more = async () => {
    if (state.status !== 'ready' || state.data.items.length === 0) return;
    setBusy('more');
    setError(null);
    try {
      const list = await notificationsApi.list(state.data.items[state.data.items.length - 1]!.id);
      setData((previous) => previous && { ...previous, items: merge(previous.items, list.items), hasMore: list.hasMore });
    } catch (cause) {
      setError(failure(cause));
    } finally {
      setBusy(null);
    }
  };

  if (state.status === 'loading') return <p role="status">{t.loading}</p>;
  if (state.status === 'failed') return <LoadFailure message={state.message} onRetry={loadFirst} />;
  const { items, hasMore, unreadCount } = state.data;
  return (
    <section className={styles.section} aria-label={t.listLabel}>
      <div className={styles.toolbar}>
        <p className={styles.summary} data-testid="unread-summary">
          {t.unreadSummary(unreadCount)}
        </p>
        <button type="button" className={styles.button} onClick={() => void markAll()} disabled={busy !== null || unreadCount === 0}>
          {busy === 'all' ? t.marking : t.markAll}
        </button>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <p role="status" aria-live="polite" className={styles.visuallyHidden}>
        {announcement}
      </p>
      {items.length === 0 ? (
        <p className={styles.empty}>{t.empty}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => {
            const unread = item.readAt === null;
            return (
              <li key={item.id} className={unread ? `${styles.item} ${styles.unread}` : styles.item} data-testid="notification" data-unread={unread}>
                <button type="button" className={styles.itemButton} onClick={() => void open(item)}>
                  {unread && <span className={styles.dot}>{t.unread}</span>}
                  <span className={styles.itemTitle}>{item.title}</span>
                  {item.body && <span className={styles.itemBody}>{item.body}</span>}
                  <time dateTime={item.createdAt} className={styles.time}>
                    {formatNotificationTime(item.createdAt)}
                  </time>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {hasMore && (
        <button type="button" className={styles.button} onClick={() => void more()} disabled={busy !== null}>
          {busy === 'more' ? t.loadingMore : t.more}
        </button>
      )}
    </section>
  );
}

/** /notifications: the signed-in user's notifications, newest first, live; a click reads one and opens its link. */
export function NotificationsPage() {
  const session = useSession();
  return (
    <div className={styles.page}>
      <PageIntro title={t.title} description={t.description} />
      {session ? <NotificationList userId={session.user.id} /> : <LoginRequired />}
    </div>
  );
}

export default NotificationsPage;
