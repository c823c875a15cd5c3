import { useEffect, useRef } from 'react';
import type { ConversationMessage } from 'shared-contracts/schemas';
import { ConversationPhotoImage } from './ConversationPhotoImage';
import { messagesText, shortTime } from './messagesText';
import type { ThreadView } from 'shared-contracts/react';
import styles from './Messages.module.css';

const t = messagesText.thread;

interface Props {
  thread: ThreadView;
  onOlder: () => void;
  loadingOlder: boolean;
  olderError: string | null;
  /** The list's accessible name (the inbox's thread or the technician's panel). */
  label: string;
}

/** Who wrote it: the customer's name and "Khách hàng", or the centre's person with their role (the server's name). */
const authorOf = (message: ConversationMessage) => (message.side === 'customer' ? `${message.authorName} · ${t.customer}` : message.authorName);

/**
 * A thread's messages, oldest first: each with its author and role, time, text and photos; the centre's last
 * message says whether the customer has seen it ("Đã xem"). Older messages on demand at the top; the newest in view.
 */
export function MessageList({ thread, onOlder, loadingOlder, olderError, label }: Props) {
  const end = useRef<HTMLLIElement>(null);
  const lastId = thread.messages[thread.messages.length - 1]?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  const lastCentre = [...thread.messages].reverse().find((message) => message.side === 'centre');
  return (
    <div className={styles.messagesBox}>
      {thread.hasOlder && (
        <div className={styles.older}>
          <button type="button" className={styles.secondary} onClick={onOlder} disabled={loadingOlder}>
            {t.older}
          </button>
          {olderError && (
            <p role="alert" className={styles.error}>
              {olderError}
            </p>
          )}
        </div>
      )}
      {thread.messages.length === 0 ? (
        <p className={styles.muted}>{t.empty}</p>
      ) : (
        <ol className={styles.messages} aria-label={label}>
          {thread.messages.map((message) => {
            const author = authorOf(message);
            return (
              <li
                key={message.id}
                ref={message.id === lastId ? end : undefined}
                className={`${styles.message} ${message.side === 'centre' ? styles.fromCentre : styles.fromCustomer}`}
                data-testid={`message-${message.id}`}
              >
                <p className={styles.messageHead}>
                  <span className={styles.author}>{author}</span> <time dateTime={message.createdAt}>{shortTime(message.createdAt)}</time>
                </p>
                {message.text && <p className={styles.messageText}>{message.text}</p>}
                {message.photos.length > 0 && (
                  <ul className={styles.messagePhotos}>
                    {message.photos.map((photo, index) => (
                      <li key={photo.id}>
                        <ConversationPhotoImage photo={photo} alt={t.photo(index + 1, message.authorName)} />
                      </li>
                    ))}
                  </ul>
                )}
                {message.id === lastCentre?.id && <p className={styles.receipt}>{message.readByOtherSide ? t.seen : t.sent}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
