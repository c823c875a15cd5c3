import { useEffect, useState } from 'react';
import { renewToken, subscribeFloorEvents } from '../floorEvents';
import { useAsync } from '../hooks/useAsync';
import { useSessionRole } from '../hooks/useSessionRole';
import { messagesApi } from './messagesApi';
import { messagesText } from './messagesText';
import { scopeUnread } from './unreadTotal';
import styles from './Messages.module.css';

/** The count reads again this long after the first of a burst of changes (the burst's others ride along). */
export const NAV_COUNT_PAUSE_MS = 500;

/** The count as the API answers it: one row asked for, its `scopeUnreadTotal`. No count: the link stays as it is. */
const readCount = (signal: AbortSignal) => messagesApi.inbox({ filter: 'unread', page: 1, pageSize: 1 }, signal).then((list) => list.scopeUnreadTotal);
const shareCount = (total: number) => scopeUnread.next(total);

/**
 * The unread messages beside "Tin nhắn" in the staff navigation: the caller's every centre (an admin's all of them,
 * whichever centre the inbox shows; anyone else's, their own), read once per page (one row asked for, the API's
 * `scopeUnreadTotal`), then kept by the inbox as it reads and marks threads, and read again once per burst of
 * `conversation` changes on any page: an admin's from every centre (GET /staff/events?centres=all, since the inbox
 * hears only the centre it shows), anyone else's from their centre's stream (shared with the page's). While the
 * stream is down it waits (no polling) and reads again when it is back.
 */
export function MessagesNavCount() {
  const [count, setCount] = useState<number | null>(scopeUnread.value);
  const isAdmin = useSessionRole() === 'admin';
  // read once, then again by `reload`: the latest read only, an older answer never lands after a newer one
  // (and again for another role: the admin's every centre)
  const { reload } = useAsync(readCount, { onData: shareCount, reloadKey: isAdmin });
  useEffect(() => {
    const subscription = scopeUnread.subscribe(setCount);
    return () => subscription.unsubscribe();
  }, []);
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const readSoon = () => {
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        reload();
      }, NAV_COUNT_PAUSE_MS);
    };
    // an admin's every centre; anyone else's own centre, on the connection the page's stream already holds
    const stop = subscribeFloorEvents({
      everyCentre: isAdmin,
      onChange: (event) => {
        if (event.kind === 'conversation') readSoon();
      },
      // what changed while the stream was down is unknown
      onOpen: ({ reconnected }) => {
        if (reconnected) readSoon();
      },
      renewToken,
    });
    return () => {
      stop();
      clearTimeout(pending);
    };
  }, [isAdmin, reload]);
  if (!count) return null;
  return (
    <span className={styles.navCount}>
      {' '}
      {count > 99 ? '99+' : count.toLocaleString('vi-VN')}
      <span className={styles.visuallyHidden}> {messagesText.inbox.navUnread}</span>
    </span>
  );
}
