import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { eventBus } from 'shared-contracts';
import { NOTIFICATIONS_PATH } from 'shared-contracts/notifications';
import type { Notification } from 'shared-contracts/schemas';
import { notificationMessages } from './notificationMessages';
import { notificationsApi } from './notificationsApi';
import { currentUnreadCount, setUnreadCount, subscribeArrivals } from './notificationState';
import { notificationTime } from './notificationTime';
import styles from './NotificationBell.module.css';

/** How many the panel lists; the rest are on the page. */
export const PANEL_LIMIT = 10;

interface Props {
  id: string;
  /** The bell and its panel: a click or focus outside closes the panel. */
  containerRef: RefObject<HTMLElement | null>;
  showAll: boolean;
  /** `returnFocus`: give the focus back to the bell (Escape). */
  onClose: (returnFocus: boolean) => void;
}

/** The count the server answered after a read, for the bell and for the remotes' pages. */
function publishCount(unreadCount: number): void {
  setUnreadCount(unreadCount);
  eventBus.publish('notifications/unread-changed', { unreadCount });
}

/** The latest notifications under the bell: a click marks one read and opens its link. */
export default function NotificationPanel({ id, containerRef, showAll, onClose }: Props) {
  const [items, setItems] = useState<Notification[] | null>(null);
  const [failed, setFailed] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    notificationsApi
      .latest(PANEL_LIMIT)
      .then((list) => {
        if (!active) return;
        setItems(list.items);
        setUnreadCount(list.unreadCount);
      })
      .catch(() => {
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, []);

  useEffect(
    () => subscribeArrivals((notification) => setItems((current) => current && [notification, ...current.filter((item) => item.id !== notification.id)].slice(0, PANEL_LIMIT))),
    [],
  );

  useEffect(() => {
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    const onOutside = (event: Event) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) onClose(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onOutside);
    document.addEventListener('touchstart', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onOutside);
      document.removeEventListener('touchstart', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [containerRef, onClose]);

  const open = (notification: Notification) => {
    if (!notification.readAt) {
      const now = new Date().toISOString();
      setItems((current) => current?.map((item) => (item.id === notification.id ? { ...item, readAt: now } : item)) ?? null);
      setUnreadCount(currentUnreadCount() - 1);
      notificationsApi
        .markRead([notification.id])
        .then(({ unreadCount }) => publishCount(unreadCount))
        .catch(() => undefined);
    }
    if (notification.link?.startsWith('/')) {
      onClose(false);
      navigate(notification.link);
    }
  };

  const markAll = () => {
    const now = new Date().toISOString();
    setItems((current) => current?.map((item) => (item.readAt ? item : { ...item, readAt: now })) ?? null);
    setUnreadCount(0);
    notificationsApi
      .markAllRead()
      .then(({ unreadCount }) => publishCount(unreadCount))
      .catch(() => undefined);
  };

  const hasUnread = items?.some((item) => !item.readAt) ?? false;
  return (
    <div ref={panelRef} id={id} className={styles.panel} role="dialog" aria-label={notificationMessages.title} tabIndex={-1}>
      <div className={styles.panelHead}>
        <span className={styles.panelTitle}>{notificationMessages.title}</span>
        <button type="button" className={styles.textButton} onClick={markAll} disabled={!hasUnread}>
          {notificationMessages.markAllRead}
        </button>
      </div>
      {failed ? (
        <p className={styles.state} role="alert">
          {notificationMessages.loadFailed}
        </p>
      ) : items === null ? (
        <p className={styles.state} role="status">
          {notificationMessages.loading}
        </p>
      ) : items.length === 0 ? (
        <p className={styles.state}>{notificationMessages.empty}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className={styles.item} data-unread={!item.readAt} onClick={() => open(item)}>
                <span className={styles.itemTitle}>
                  {!item.readAt && <span className={styles.visuallyHidden}>{`${notificationMessages.unread}: `}</span>}
                  {item.title}
                </span>
                {item.body && <span className={styles.itemBody}>{item.body}</span>}
                <time className={styles.itemTime} dateTime={item.createdAt}>
                  {notificationTime(item.createdAt)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      {showAll && (
        <div className={styles.panelFoot}>
          <Link to={NOTIFICATIONS_PATH} className={styles.textButton} onClick={() => onClose(false)}>
            {notificationMessages.seeAll}
          </Link>
        </div>
      )}
    </div>
  );
}
