import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CONVERSATION_STATUS_LABELS } from 'shared-contracts/conversations';
import type { ConversationSummary, StaffConversationReadResult } from 'shared-contracts/schemas';
import { isConflict, messageOf } from '../api/apiErrors';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { messagesApi, type ConversationAssignee } from './messagesApi';
import { messagesText } from './messagesText';
import { staffThread, useThread } from './staffThread';
import styles from './Messages.module.css';

const t = messagesText.thread;

interface Props {
  conversationId: number;
  /** A new value reads the thread again (a live change of it). */
  refreshKey: number;
  backHref: string;
  assignees: ConversationAssignee[] | null;
  assigneesError: string | null;
  /** The signed-in person's id: "Nhận xử lý" when they are one of the assignable people. */
  me: number | null;
  /** Something the inbox shows changed here (read, assigned, closed, a message sent). */
  onChanged: () => void;
  /** The thread was marked read: its centre's unread left and the caller's every centre's. */
  onRead: (conversationId: number, result: StaffConversationReadResult) => void;
  /** Hears the thread's centre once it is read (an admin's inbox follows it). */
  onCentre?: (conversationId: number, centreId: number) => void;
}

/**
 * One thread of the inbox: who and what it is about, its assignee and status (both sent with the version seen: a
 * 409 is explained and the thread read again), its messages and the message box.
 */
export function ThreadPane({ conversationId, refreshKey, backHref, assignees, assigneesError, me, onChanged, onRead, onCentre }: Props) {
  const read = useCallback((signal: AbortSignal) => messagesApi.thread(conversationId, undefined, signal), [conversationId]);
  const thread = useThread({ ...staffThread(onRead), read });
  const { refresh } = thread;
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState<string>('');
  const heading = useRef<HTMLHeadingElement>(null);

  const firstRefresh = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey !== firstRefresh.current) refresh();
  }, [refreshKey, refresh]);

  const conversation = thread.load.status === 'ready' ? thread.load.data.conversation : null;
  const assigneeId = conversation?.assignee?.id ?? null;
  const centreId = conversation?.centreId ?? null;
  useEffect(() => {
    if (centreId !== null) onCentre?.(conversationId, centreId);
  }, [conversationId, centreId, onCentre]);
  useEffect(() => {
    setChoice(assigneeId === null ? '' : String(assigneeId));
  }, [assigneeId]);

  // a thread chosen from the list takes the focus (on a phone it replaces the list)
  const loaded = conversation !== null;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, conversationId]);

  useEffect(() => setNotice(null), [conversationId]);

  const act = async (change: (summary: ConversationSummary) => Promise<ConversationSummary>, done: (summary: ConversationSummary) => string) => {
    if (!conversation || busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const summary = await change(conversation);
      thread.setConversation(summary);
      setNotice({ tone: 'ok', text: done(summary) });
      onChanged();
    } catch (error) {
      if (isConflict(error)) {
        setNotice({ tone: 'error', text: `${messageOf(error, t.conflict)} ${t.reloaded}` });
        refresh();
        onChanged();
      } else {
        setNotice({ tone: 'error', text: messageOf(error, t.actionFailed) });
      }
    } finally {
      setBusy(false);
    }
  };

  const assign = (id: number | null) =>
    act(
      (summary) => messagesApi.assign(summary.id, id, summary.version),
      (summary) => t.assigned(summary.assignee?.fullName ?? null),
    );
  const setStatus = (status: 'open' | 'closed') =>
    act(
      (summary) => messagesApi.setStatus(summary.id, status, summary.version),
      () => (status === 'closed' ? t.closed : t.reopened),
    );

  return (
    <section className={styles.thread} aria-labelledby="messages-thread">
      <Link to={backHref} className={`${styles.secondary} ${styles.back}`}>
        {t.back}
      </Link>
      {thread.load.status === 'loading' && (
        <p className={styles.muted} aria-live="polite">
          {messagesText.loading}
        </p>
      )}
      {thread.load.status === 'failed' && (
        <div>
          <p role="alert" className={styles.error}>
            {thread.load.message}
          </p>
          <button type="button" className={styles.secondary} onClick={refresh}>
            {messagesText.retry}
          </button>
        </div>
      )}
      {thread.load.status === 'ready' && conversation && (
        <>
          <header className={styles.threadHead}>
            <h2 id="messages-thread" ref={heading} tabIndex={-1}>
              {conversation.customerName}
            </h2>
            <p className={styles.subject}>{conversation.subject.label}</p>
            <p className={styles.meta}>
              <span className={styles.statusBadge} data-status={conversation.status}>
                <span className={styles.visuallyHidden}>{t.status}: </span>
                {CONVERSATION_STATUS_LABELS[conversation.status]}
              </span>
              <span>
                {t.assignee}: {conversation.assignee?.fullName ?? t.nobody}
              </span>
            </p>
            <div className={styles.threadActions}>
              <label htmlFor="thread-assignee" className={styles.fieldLabel}>
                {t.assignee}
              </label>
              <select id="thread-assignee" className={styles.select} value={choice} onChange={(event) => setChoice(event.target.value)} disabled={busy || assignees === null}>
                <option value="">{t.nobody}</option>
                {conversation.assignee && !assignees?.some((person) => person.id === conversation.assignee!.id) && (
                  <option value={String(conversation.assignee.id)}>{conversation.assignee.fullName}</option>
                )}
                {(assignees ?? []).map((person) => (
                  <option key={person.id} value={String(person.id)}>
                    {person.fullName}
                  </option>
                ))}
              </select>
              <button type="button" className={styles.secondary} disabled={busy || choice === (assigneeId === null ? '' : String(assigneeId))} onClick={() => void assign(choice === '' ? null : Number(choice))}>
                {t.assign}
              </button>
              {me !== null && assigneeId !== me && assignees?.some((person) => person.id === me) && (
                <button type="button" className={styles.primary} disabled={busy} onClick={() => void assign(me)}>
                  {t.takeOver}
                </button>
              )}
              {conversation.status === 'open' ? (
                <button type="button" className={styles.secondary} disabled={busy} onClick={() => void setStatus('closed')}>
                  {t.close}
                </button>
              ) : (
                <button type="button" className={styles.secondary} disabled={busy} onClick={() => void setStatus('open')}>
                  {t.reopen}
                </button>
              )}
            </div>
            {assigneesError && <p className={styles.muted}>{assigneesError}</p>}
            {notice?.tone === 'error' && (
              <p role="alert" className={styles.error}>
                {notice.text}
              </p>
            )}
            <p role="status" className={styles.done}>
              {notice?.tone === 'ok' ? notice.text : ''}
            </p>
          </header>
          <MessageList thread={thread.load.data} label={t.messages} onOlder={() => void thread.loadOlder()} loadingOlder={thread.loadingOlder} olderError={thread.olderError} />
          <Composer
            key={conversation.id}
            conversationId={conversation.id}
            quickReplies
            closedNote={conversation.status === 'closed'}
            onSent={(message) => {
              thread.append(message);
              onChanged();
            }}
          />
        </>
      )}
    </section>
  );
}
