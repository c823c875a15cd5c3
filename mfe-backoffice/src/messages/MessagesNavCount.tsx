import { useEffect, useState } from 'react';
import { messagesApi } from './messagesApi';
import { messagesText } from './messagesText';
import { centreUnread } from './unreadTotal';
import styles from './Messages.module.css';

/**
 * The centre's unread messages beside "Tin nhắn" in the staff navigation: read once per page (one row asked for),
 * then kept by the inbox as it reads and marks threads.
 */
export function MessagesNavCount() {
  const [count, setCount] = useState<number | null>(centreUnread.value);
  useEffect(() => {
    const subscription = centreUnread.subscribe(setCount);
    const controller = new AbortController();
    messagesApi.inbox({ filter: 'unread', page: 1, pageSize: 1 }, controller.signal).then(
      (list) => {
        if (!controller.signal.aborted) centreUnread.next(list.unreadTotal);
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
