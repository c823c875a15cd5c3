import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import { CUSTOMER_MESSAGES_PATH } from 'shared-contracts/conversations';
import type { ConversationMessageEvent, ConversationSummary } from 'shared-contracts/schemas';
import { PageIntro } from '../components/PageIntro';
import { vi } from '../i18n/vi';
import { usePersonalEvents } from '../notifications';
import { LoadFailure } from '../service/LoadFailure';
import { LoginRequired } from '../service/LoginRequired';
import { useSession } from '../session/useSession';
import { messagesApi } from './messagesApi';
import { formatMessageTime, messagesText as t } from './messagesText';
import styles from './Messages.module.css';

type ListState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: ConversationSummary[]; total: number; page: number };

const failure = (error: unknown) => (error instanceof ApiError && error.message ? error.message : vi.requestFailed);

function preview(conversation: ConversationSummary): string {
  const last = conversation.lastMessage;
  if (!last) return t.noMessage;
  const body = last.text || (last.hasPhotos ? t.photoOnly : '');
  return last.side === 'customer' ? `${t.you}${body}` : body;
}

function ThreadRow({ conversation }: { conversation: ConversationSummary }) {
  const unread = conversation.unreadCount > 0;
  const at = conversation.lastMessage?.createdAt ?? conversation.updatedAt;
  return (
    <li className={unread ? `${styles.row} ${styles.rowUnread}` : styles.row} data-testid="conversation">
      <Link to={`${CUSTOMER_MESSAGES_PATH}/${conversation.id}`} className={styles.rowLink}>
        <span className={styles.rowSubject}>{conversation.subject.label}</span>
        <span className={styles.muted}>{conversation.centreName}</span>
        <span className={styles.rowPreview}>{preview(conversation)}</span>
      </Link>
      <span className={styles.rowSide}>
        <time dateTime={at} className={styles.muted}>
          {formatMessageTime(at)}
        </time>
        {unread && <span className={styles.unreadBadge}>{t.unread(conversation.unreadCount)}</span>}
      </span>
    </li>
  );
}

function ConversationList({ userId }: { userId: string }) {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);

  const loadFirst = useCallback((signal?: AbortSignal) => {
    messagesApi.list(1, signal).then(
      (list) => {
        if (!signal?.aborted) setState({ status: 'ready', items: list.items, total: list.total, page: 1 });
      },
      (error: unknown) => {
        if (!signal?.aborted) setState((previous) => (previous.status === 'ready' ? previous : { status: 'error', message: failure(error) }));
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    loadFirst(controller.signal);
    return () => controller.abort();
  }, [loadFirst]);

  const onMessage = (event: ConversationMessageEvent) => {
    setState((previous) => {
      if (previous.status !== 'ready') return previous;
      const known = previous.items.find((item) => item.id === event.conversationId);
      // a thread not on screen yet (just opened by the centre): read the list again
      if (!known) {
        loadFirst();
        return previous;
      }
      const { message } = event;
      const moved: ConversationSummary = {
        ...known,
        unreadCount: event.unreadCount,
        lastMessage: { side: message.side, text: message.text, hasPhotos: message.photos.length > 0, createdAt: message.createdAt },
        updatedAt: message.createdAt,
      };
      return { ...previous, items: [moved, ...previous.items.filter((item) => item.id !== known.id)] };
    });
  };
  usePersonalEvents({ onConversationMessage: onMessage, onReconnected: () => loadFirst() }, userId);

  const loadMore = () => {
    if (state.status !== 'ready' || loadingMore) return;
    setLoadingMore(true);
    messagesApi.list(state.page + 1).then(
      (list) => {
        setState((previous) => {
          if (previous.status !== 'ready') return previous;
          const known = new Set(previous.items.map((item) => item.id));
          return { status: 'ready', items: [...previous.items, ...list.items.filter((item) => !known.has(item.id))], total: list.total, page: list.page };
        });
        setLoadingMore(false);
      },
      () => setLoadingMore(false),
    );
  };

  if (state.status === 'loading') return <p role="status">{t.loading}</p>;
  if (state.status === 'error') return <LoadFailure message={state.message} onRetry={() => loadFirst()} />;
  if (state.items.length === 0) return <p className={styles.empty}>{t.empty}</p>;
  return (
    <>
      <ul className={styles.list} aria-label={t.listTitle}>
        {state.items.map((conversation) => (
          <ThreadRow key={conversation.id} conversation={conversation} />
        ))}
      </ul>
      {state.items.length < state.total && (
        <button type="button" className={styles.olderButton} onClick={loadMore} disabled={loadingMore}>
          {t.more}
        </button>
      )}
    </>
  );
}

/** /messages: the customer's threads with the centres, the most recent first. */
export function MessagesPage() {
  const session = useSession();
  return (
    <div className={styles.page}>
      <PageIntro title={t.listTitle} description={t.listDescription} />
      {session ? <ConversationList userId={session.user.id} /> : <LoginRequired />}
    </div>
  );
}

export default MessagesPage;
