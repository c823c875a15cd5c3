import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CONVERSATION_INBOX_FILTER_LABELS, CONVERSATION_INBOX_FILTERS, type ConversationInboxFilter } from 'shared-contracts/conversations';
import type { ConversationList, ConversationSummary } from 'shared-contracts/schemas';
import { messagesText, shortTime } from './messagesText';
import styles from './Messages.module.css';

const t = messagesText.inbox;

export type InboxLoad = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: ConversationList };

interface Props {
  /** An admin's choice of centre, under the heading. */
  centrePicker?: ReactNode;
  filter: ConversationInboxFilter;
  onFilter: (filter: ConversationInboxFilter) => void;
  search: string;
  onSearch: (text: string) => void;
  /** The search the list shows (the box's text once typing pauses). */
  query: string;
  load: InboxLoad;
  onRetry: () => void;
  onMore: () => void;
  loadingMore: boolean;
  moreError: string | null;
  selectedId: number | null;
  hrefOf: (id: number) => string;
}

/** The last message in one line: the centre's marked as such, photos without text as "[Ảnh]". */
function preview(conversation: ConversationSummary): string {
  const last = conversation.lastMessage;
  if (!last) return t.noMessages;
  const text = last.text.trim() !== '' ? last.text : last.hasPhotos ? t.photoOnly : '';
  return `${last.side === 'centre' ? t.you : ''}${text}`;
}

/**
 * The centre's threads: filters as tabs (open, unread, mine, unassigned, closed, all), a search by name, phone,
 * plate or order code, and a row per thread with its customer, subject, last message, time, unread count and
 * assignee; a row opens its thread (?thread=<id>).
 */
export function Inbox({ centrePicker, filter, onFilter, search, onSearch, query, load, onRetry, onMore, loadingMore, moreError, selectedId, hrefOf }: Props) {
  return (
    <section className={styles.inbox} aria-labelledby="messages-inbox">
      <div className={styles.inboxHead}>
        <h2 id="messages-inbox">{t.heading}</h2>
        {load.status === 'ready' && (
          <span className={load.data.unreadTotal > 0 ? styles.unreadTotal : styles.muted} role="status">
            {t.unreadTotal(load.data.unreadTotal)}
          </span>
        )}
      </div>
      {centrePicker}
      <div className={styles.filters} role="group" aria-label={t.filters}>
        {CONVERSATION_INBOX_FILTERS.map((key) => (
          <button key={key} type="button" className={styles.filter} aria-pressed={key === filter} onClick={() => onFilter(key)}>
            {CONVERSATION_INBOX_FILTER_LABELS[key]}
          </button>
        ))}
      </div>
      <form role="search" className={styles.search} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="messages-search" className={styles.fieldLabel}>
          {t.search}
        </label>
        <input id="messages-search" type="search" className={styles.input} value={search} maxLength={100} placeholder={t.searchPlaceholder} onChange={(event) => onSearch(event.target.value)} />
      </form>
      {load.status === 'loading' && (
        <p className={styles.muted} aria-live="polite">
          {messagesText.loading}
        </p>
      )}
      {load.status === 'failed' && (
        <div>
          <p role="alert" className={styles.error}>
            {load.message}
          </p>
          <button type="button" className={styles.secondary} onClick={onRetry}>
            {messagesText.retry}
          </button>
        </div>
      )}
      {load.status === 'ready' &&
        (load.data.items.length === 0 ? (
          <p className={styles.muted}>{query ? t.emptySearch(query) : t.empty}</p>
        ) : (
          <>
            <ul className={styles.rows} aria-label={t.heading}>
              {load.data.items.map((conversation) => {
                const time = conversation.lastMessage?.createdAt ?? conversation.updatedAt;
                return (
                  <li key={conversation.id}>
                    <Link to={hrefOf(conversation.id)} className={styles.row} aria-current={conversation.id === selectedId ? 'true' : undefined} data-testid={`conversation-${conversation.id}`}>
                      <span className={styles.rowTop}>
                        <strong className={styles.customer}>{conversation.customerName}</strong>
                        <time dateTime={time} className={styles.time}>
                          {shortTime(time)}
                        </time>
                      </span>
                      <span className={styles.subject}>{conversation.subject.label}</span>
                      <span className={styles.preview}>{preview(conversation)}</span>
                      <span className={styles.rowBottom}>
                        <span className={styles.assignee}>{conversation.assignee ? t.assignee(conversation.assignee.fullName) : t.unassigned}</span>
                        {conversation.unreadCount > 0 && <span className={styles.badge}>{t.unread(conversation.unreadCount)}</span>}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
            {load.data.items.length < load.data.total && (
              <button type="button" className={styles.secondary} onClick={onMore} disabled={loadingMore}>
                {t.more}
              </button>
            )}
            {moreError && (
              <p role="alert" className={styles.error}>
                {moreError}
              </p>
            )}
          </>
        ))}
    </section>
  );
}
