import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { sessionStore } from 'shared-contracts';
import type { ConversationInboxFilter } from 'shared-contracts/conversations';
import type { ConversationList, StaffConversationReadResult } from 'shared-contracts/schemas';
import { LiveStatus, useFloorEvents, type FloorChange } from '../floorEvents';
import { keepIfShown, loadedOf, useAsync } from '../hooks/useAsync';
import { useSessionRole } from '../hooks/useSessionRole';
import { inventoryApi } from '../inventory';
import { queryId } from '../layout/links';
import { Inbox } from './Inbox';
import { messagesApi, type ConversationAssignee } from './messagesApi';
import { messagesText } from './messagesText';
import { ThreadPane } from './ThreadPane';
import { scopeUnread } from './unreadTotal';
import styles from './Messages.module.css';
import { CentreSelect } from '../components/CentreSelect';

/** Typing in the search box asks the server once it pauses this long. */
export const SEARCH_PAUSE_MS = 300;

const myId = (): number | null => {
  const id = Number(sessionStore.current?.user.id);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const readCentres = (signal: AbortSignal) => inventoryApi.centres(signal);

/** Page 1 read again: its rows replace theirs, the pages read beyond it keep theirs (and `page`, the last one read). */
function mergeFirstPage<List extends ConversationList>(current: List | undefined, fresh: List): List {
  if (!current) return fresh;
  const seen = new Set(fresh.items.map((item) => item.id));
  const beyond = current.items.slice(fresh.pageSize).filter((item) => !seen.has(item.id));
  return { ...fresh, page: current.page, items: [...fresh.items, ...beyond] };
}

/** The next page read ('Xem thêm'): its rows after those shown, but those already there. */
function appendPage<List extends ConversationList>(current: List, next: List): List {
  const seen = new Set(current.items.map((item) => item.id));
  return { ...next, items: [...current.items, ...next.items.filter((item) => !seen.has(item.id))] };
}

/**
 * /staff/messages: the centre's inbox beside the chosen thread (?thread=<id>, the notifications' link); on a phone
 * one at a time, the thread with a way back. Live: the centre's `floor-changed` of kind 'conversation' reads the
 * inbox again, and the open thread when it is the one that changed. An admin chooses the centre (?centre=<id>,
 * else the first one, as the API does); a thread of another centre brings its centre along.
 */
export function MessagesDesk() {
  const [params, setParams] = useSearchParams();
  const selectedId = queryId(params.get('thread'));
  const isAdmin = useSessionRole() === 'admin';
  const pickerId = useId();
  const centres = useAsync(readCentres, { enabled: isAdmin }).state.data ?? null;
  // sent as is: without a choice the API answers for the first centre, the picker's first
  const centreId = (isAdmin ? queryId(params.get('centre')) : null) ?? undefined;
  const shownCentre = isAdmin ? (centreId ?? centres?.[0]?.id) : undefined;
  const [filter, setFilter] = useState<ConversationInboxFilter>('open');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [threadTick, setThreadTick] = useState(0);
  // the people a thread of the centre can be assigned to, read again for another centre
  const readAssignees = useCallback((signal: AbortSignal) => messagesApi.assignees(centreId, signal), [centreId]);
  const { state: assigneesLoad } = useAsync(readAssignees, { failedText: messagesText.thread.assigneesFailed });
  const assignees: ConversationAssignee[] | null = assigneesLoad.data ?? null;
  const assigneesError = assigneesLoad.error;
  const [threadCentre, setThreadCentre] = useState<{ conversationId: number; centreId: number } | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // The first page of the centre, filter and search, afresh; a live change or a change made here reads it again in
  // place (the pages read beyond it kept, and the rows on screen when that read fails).
  const readInbox = useCallback((signal: AbortSignal) => messagesApi.inbox({ filter, q: query, page: 1, centreId }, signal), [filter, query, centreId]);
  const {
    state: inbox,
    reload: reloadInbox,
    setData: setInbox,
    more: readMore,
    moreState,
  } = useAsync(readInbox, {
    failedText: messagesText.loadFailed,
    merge: (shown, fresh, start) => (start === 'keep' ? mergeFirstPage(shown, fresh) : fresh),
    // the navigation's count: the caller's every centre, not the one shown (an admin's differs)
    onData: (list) => scopeUnread.next(list.scopeUnreadTotal),
  });
  const load = loadedOf(inbox);

  const refreshInbox = useCallback(() => reloadInbox(keepIfShown), [reloadInbox]);

  // another centre, filter or search chosen meanwhile drops the page under way; a failure leaves the rows shown
  const more = () => readMore((signal, shown) => messagesApi.inbox({ filter, q: query, page: shown.page + 1, centreId }, signal), appendPage);

  const selected = useRef(selectedId);
  selected.current = selectedId;
  // an admin hears the centre shown (a choice reopens the stream); the others their own centre
  const mode = useFloorEvents((event: FloorChange | null) => {
    // null: the stream was down, what changed meanwhile is unknown
    if (event !== null && event.kind !== 'conversation') return;
    refreshInbox();
    const changed = event?.conversationId ?? null;
    if (selected.current !== null && (event === null || changed === null || changed === selected.current)) setThreadTick((value) => value + 1);
  }, centreId);

  const onThreadCentre = useCallback((conversationId: number, centre: number) => setThreadCentre({ conversationId, centreId: centre }), []);
  const openCentre = threadCentre !== null && threadCentre.conversationId === selectedId ? threadCentre.centreId : null;
  // an admin's thread of another centre (a notification's link): its centre's inbox and people beside it
  useEffect(() => {
    if (openCentre === null || shownCentre === undefined || openCentre === shownCentre) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('centre', String(openCentre));
        return next;
      },
      { replace: true },
    );
  }, [openCentre, shownCentre, setParams]);

  // another centre's inbox from page 1; the open thread stays only when it is of that centre
  const chooseCentre = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('centre', String(id));
      if (openCentre !== id) next.delete('thread');
      return next;
    });

  const onRead = useCallback((conversationId: number, { unreadTotal, scopeUnreadTotal }: StaffConversationReadResult) => {
    scopeUnread.next(scopeUnreadTotal);
    setInbox((current) => current && { ...current, unreadTotal, items: current.items.map((item) => (item.id === conversationId ? { ...item, unreadCount: 0 } : item)) });
  }, [setInbox]);

  const hrefOf = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('thread', String(id));
    return `?${next.toString()}`;
  };
  const backHref = (() => {
    const next = new URLSearchParams(params);
    next.delete('thread');
    const rest = next.toString();
    return rest ? `?${rest}` : '/staff/messages';
  })();

  return (
    <div className={selectedId === null ? styles.desk : `${styles.desk} ${styles.hasThread}`}>
      <div className={styles.live}>
        <LiveStatus mode={mode} />
      </div>
      <div className={styles.inboxPane}>
        <Inbox
          centrePicker={
            isAdmin && (
              <div className={styles.centrePicker}>
                <label htmlFor={pickerId} className={styles.fieldLabel}>
                  {messagesText.inbox.centre}
                </label>
                <CentreSelect id={pickerId} className={styles.select} centres={centres} value={shownCentre} onChange={chooseCentre} />
              </div>
            )
          }
          filter={filter}
          onFilter={setFilter}
          search={search}
          onSearch={setSearch}
          query={query}
          load={load}
          onRetry={refreshInbox}
          onMore={more}
          loadingMore={moreState.loading}
          moreError={moreState.error}
          selectedId={selectedId}
          hrefOf={hrefOf}
        />
      </div>
      <div className={styles.threadPane}>
        {selectedId === null ? (
          <p className={styles.muted}>{messagesText.thread.choose}</p>
        ) : (
          <ThreadPane
            key={selectedId}
            conversationId={selectedId}
            refreshKey={threadTick}
            backHref={backHref}
            assignees={assignees}
            assigneesError={assigneesError}
            me={myId()}
            onChanged={refreshInbox}
            onRead={onRead}
            onCentre={isAdmin ? onThreadCentre : undefined}
          />
        )}
      </div>
    </div>
  );
}
