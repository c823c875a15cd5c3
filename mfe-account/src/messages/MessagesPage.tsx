import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CUSTOMER_MESSAGES_PATH } from 'shared-contracts/conversations';
import type { ConversationMessageEvent, ConversationSummary } from 'shared-contracts/schemas';
import { PageIntro } from '../components/PageIntro';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { usePersonalEvents } from '../notifications';
import { LoadFailure } from '../service/LoadFailure';
import { LoginRequired } from '../service/LoginRequired';
import { useSession } from '../session/useSession';
import { messagesApi } from './messagesApi';
import { formatMessageTime, messagesText as t } from './messagesText';
import styles from './Messages.module.css';

interface ListPage {
  items: ConversationSummary[];
  total: number;
  page: number;
}

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

/** The first page of the customer's threads. */
async function readFirstPage(signal: AbortSignal): Promise<ListPage> {
  const list = await messagesApi.list(1, signal);
  return { items: list.items, total: list.total, page: 1 };
}

function ConversationList({ userId }: { userId: string }) {
  // read again (a thread not on screen yet, a reconnection, Thử lại) with the list left on screen meanwhile
  const { state: loaded, reload, setData } = useAsync(readFirstPage, {});
  const state = loadedOf(loaded);
  const [loadingMore, setLoadingMore] = useState(false);

  const onMessage = (event: ConversationMessageEvent) => {
    const shown = loaded.data;
    if (!shown) return;
    // a thread not on screen yet (just opened by the centre): read the list again
    if (!shown.items.some((item) => item.id === event.conversationId)) {
      reload('keep');
      return;
    }
    setData((previous) => {
      const known = previous?.items.find((item) => item.id === event.conversationId);
      if (!previous || !known) return previous;
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
  usePersonalEvents({ onConversationMessage: onMessage, onReconnected: () => reload('keep') }, userId);

  const loadMore = () => {
    if (state.status !== 'ready' || loadingMore) return;
    setLoadingMore(true);
    messagesApi.list(state.data.page + 1).then(
      (list) => {
        setData((previous) => {
          if (!previous) return previous;
          const known = new Set(previous.items.map((item) => item.id));
          return { items: [...previous.items, ...list.items.filter((item) => !known.has(item.id))], total: list.total, page: list.page };
        });
        setLoadingMore(false);
      },
      () => setLoadingMore(false),
    );
  };

  if (state.status === 'loading') return <p role="status">{t.loading}</p>;
  if (state.status === 'failed') return <LoadFailure message={state.message} onRetry={() => reload('keep')} />;
  const { items, total } = state.data;
  if (items.length === 0) return <p className={styles.empty}>{t.empty}</p>;
  return (
    <>
      <ul className={styles.list} aria-label={t.listTitle}>
        {items.map((conversation) => (
          <ThreadRow key={conversation.id} conversation={conversation} />
        ))}
      </ul>
      {items.length < total && (
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
