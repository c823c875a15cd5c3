import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import { CONVERSATION_SUBJECT_LABELS, CUSTOMER_MESSAGES_PATH } from 'shared-contracts/conversations';
import type { ConversationMessage } from 'shared-contracts/schemas';
import { PageIntro } from '../components/PageIntro';
import { usePersonalEvents } from '../notifications';
import { LoadFailure } from '../service/LoadFailure';
import { LoginRequired } from '../service/LoginRequired';
import { useSession } from '../session/useSession';
import { Composer } from './Composer';
import { MessagePhotos } from './MessagePhotos';
import { formatMessageTime, messagesText as t } from './messagesText';
import { customerThread, fromEvent, useThread, withReadReceipt } from './customerThread';
import { messagesApi } from './messagesApi';
import styles from './Messages.module.css';

function MessageItem({ message, seen }: { message: ConversationMessage; seen: boolean }) {
  return (
    <li className={message.mine ? styles.mine : styles.theirs} data-testid="message">
      <div className={styles.bubble}>
        <p className={styles.author}>
          {message.mine ? t.you.replace(': ', '') : message.authorName} · <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
        </p>
        {message.text && <p className={styles.text}>{message.text}</p>}
        <MessagePhotos photos={message.photos} author={message.mine ? t.you.replace(': ', '') : message.authorName} />
      </div>
      {seen && <p className={styles.seen}>{t.seen}</p>}
    </li>
  );
}

function Thread({ id, userId }: { id: number; userId: string }) {
  // an unknown thread (404) reads as null: 'Không tìm thấy'
  const read = useCallback(
    (signal: AbortSignal) =>
      messagesApi.thread(id, undefined, signal).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    [id],
  );
  const { load: state, missing, loadOlder, loadingOlder, olderError, append: add, update, refresh: reload } = useThread({ ...customerThread, read });
  const [announcement, setAnnouncement] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const live = usePersonalEvents(
    {
      onConversationMessage: (event) => {
        if (event.conversationId !== id) return;
        const message = fromEvent(event);
        add(message);
        if (!message.mine) setAnnouncement(`${t.newMessage(message.authorName)}: ${message.text || t.photoOnly}`);
      },
      onConversationRead: (event) => update((view) => withReadReceipt(view, event)),
      onReconnected: reload,
    },
    userId,
  );

  const newestId = state.status === 'ready' ? (state.data.messages[state.data.messages.length - 1]?.id ?? 0) : 0;
  useEffect(() => {
    // the newest message in view (jsdom has no scrolling)
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newestId]);

  if (state.status === 'loading') return <p role="status">{t.loading}</p>;
  if (state.status === 'failed')
    return missing ? (
      <p role="alert" className={styles.error}>
        {t.notFound}
      </p>
    ) : (
      <LoadFailure message={state.message} onRetry={reload} />
    );

  const { conversation, messages, hasOlder } = state.data;
  const lastMine = [...messages].reverse().find((message) => message.mine);
  return (
    <section className={styles.thread} aria-labelledby="thread-heading">
      <header className={styles.threadHead}>
        <h2 id="thread-heading">{conversation.subject.label}</h2>
        <p className={styles.muted}>
          {CONVERSATION_SUBJECT_LABELS[conversation.subject.kind]} · {conversation.centreName}
        </p>
        {!live && <p className={styles.muted}>{t.liveOff}</p>}
      </header>
      {hasOlder && (
        <button type="button" className={styles.olderButton} onClick={loadOlder} disabled={loadingOlder}>
          {loadingOlder ? t.loadingOlder : t.older}
        </button>
      )}
      {olderError && (
        <p role="alert" className={styles.error}>
          {olderError}
        </p>
      )}
      {messages.length === 0 ? (
        <p className={styles.muted}>{t.emptyThread}</p>
      ) : (
        <ol className={styles.messages} aria-label={t.messagesLabel}>
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} seen={message === lastMine && message.readByOtherSide} />
          ))}
        </ol>
      )}
      <div ref={end} />
      <p role="status" aria-live="polite" className={styles.visuallyHidden} data-testid="new-message-announcement">
        {announcement}
      </p>
      <Composer conversationId={id} onSent={add} />
    </section>
  );
}

/** /messages/:id: one thread with the centre, oldest first, live; the customer writes at the bottom. */
export function ThreadPage() {
  const { id: rawId = '' } = useParams();
  const session = useSession();
  const id = /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : null;
  return (
    <div className={styles.page}>
      <PageIntro title={t.threadTitle} description={t.threadDescription}>
        <p>
          <Link to={CUSTOMER_MESSAGES_PATH}>← {t.backToList}</Link>
        </p>
      </PageIntro>
      {!session ? (
        <LoginRequired />
      ) : id === null ? (
        <p role="alert" className={styles.error}>
          {t.notFound}
        </p>
      ) : (
        <Thread key={id} id={id} userId={session.user.id} />
      )}
    </div>
  );
}

export default ThreadPage;
