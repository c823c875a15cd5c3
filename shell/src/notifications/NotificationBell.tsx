import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { badgeText, notificationMessages } from './notificationMessages';
import { ensureLiveNotifications } from './liveLoader';
import { useUnreadCount } from './notificationState';
import styles from './NotificationBell.module.css';

const NotificationPanel = lazy(() => import('./NotificationPanel'));

interface Props {
  /** 'light': the public header; 'dark': the work areas' bar. */
  tone: 'light' | 'dark';
  /** The link to every notification (/notifications, the customer's page). */
  showAll: boolean;
}

/**
 * The signed-in user's bell: the unread count (99+ above 99) and, on a click, the latest notifications. Rendered
 * only for a signed-in user (its place is kept like the avatar's); its markup is the same in the first view, with
 * no count. The live part and the panel load after the app has started.
 */
export function NotificationBell({ tone, showAll }: Props) {
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => ensureLiveNotifications(), []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  return (
    <span className={styles.bell} ref={containerRef} data-tone={tone}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-label={notificationMessages.bellLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        data-testid="notification-bell"
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 10a6 6 0 0 1 12 0c0 4.5 1.5 6 2 7H4c.5-1 2-2.5 2-7z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <path d="M10 20a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {count > 0 && (
          <span className={styles.badge} data-testid="notification-badge">
            {badgeText(count)}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} containerRef={containerRef} showAll={showAll} onClose={close} />
        </Suspense>
      )}
    </span>
  );
}
