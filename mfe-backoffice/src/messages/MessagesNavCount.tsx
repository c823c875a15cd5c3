import { useEffect, useState } from 'react';
import { messagesApi } from './messagesApi';
import { messagesText } from './messagesText';
import { scopeUnread } from './unreadTotal';
import styles from './Messages.module.css';

/**
 * The unread messages beside "Tin nhắn" in the staff navigation: the caller's every centre (an admin's all of them,
 * whichever centre the inbox shows; anyone else's, their own), read once per page (one row asked for, the API's
 * `scopeUnreadTotal`), then kept by the inbox as it reads and marks threads.
 */
export function MessagesNavCount() {
  const [count, setCount] = useState<number | null>(scopeUnread.value);
  useEffect(() => {
    const subscription = scopeUnread.subscribe(setCount);
    const controller = new AbortController();
    messagesApi.inbox({ filter: 'unread', page: 1, pageSize: 1 }, controller.signal).then(
      (list) => {
        if (!controller.signal.aborted) scopeUnread.next(list.scopeUnreadTotal);
      },
      () => undefined, // no count: the link stays as it is
    );
    return () => {
      controller.abort();
      subscription.unsubscribe();
    };
  }, []);
  if (!count) return null;
  return (
    <span className={styles.navCount}>
      {' '}
      {count > 99 ? '99+' : count.toLocaleString('vi-VN')}
      <span className={styles.visuallyHidden}> {messagesText.inbox.navUnread}</span>
    </span>
  );
}
