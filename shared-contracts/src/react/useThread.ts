import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { loadedOf, type DescribeFailure, type Loaded, type UseAsync } from './useAsync';
import type { ConversationMessage, ConversationSummary, ConversationThread } from '../schemas/conversations';

/** A thread as shown: its summary and its messages, oldest first, each once. */
export interface ThreadView {
  conversation: ConversationSummary;
  /** Oldest first. */
  messages: ConversationMessage[];
  hasOlder: boolean;
}

/** The messages by id, oldest first, each once (a live message may also come back in a page read after it). */
export function mergeMessages(current: readonly ConversationMessage[], incoming: readonly ConversationMessage[]): ConversationMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, { ...byId.get(message.id), ...message });
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The newest page merged under the older messages already on screen (a refresh keeps what was scrolled back to). */
export function mergeNewest(current: ThreadView | null | undefined, fresh: ConversationThread): ThreadView {
  if (!current || current.conversation.id !== fresh.conversation.id) return fresh;
  const firstFresh = fresh.messages[0]?.id;
  const older = firstFresh === undefined ? [] : current.messages.filter((message) => message.id < firstFresh);
  return { conversation: fresh.conversation, messages: mergeMessages(older, fresh.messages), hasOlder: older.length > 0 ? current.hasOlder : fresh.hasOlder };
}

/** What a side marks read of a view: `key`, the message that calls for it (marked once), and `upTo`, the id sent. */
export interface ThreadMark {
  key: number;
  upTo: number;
}

export interface ThreadOptions<Marked> {
  /**
   * The thread's newest page (memoise it on what it reads: a new function shows another thread, from 'loading');
   * null: there is no such thread (`missing`).
   */
  read: (signal: AbortSignal) => Promise<ConversationThread | null>;
  /** The page of messages before `before`. */
  readOlder: (conversationId: number, before: number) => Promise<ConversationThread>;
  /** The message of a failed read (the server's own comes first) and of a failed read of older messages. */
  failedText: string;
  olderFailedText: string;
  /** The failure shown when there is no such thread (default: `failedText`). */
  missingText?: string;
  /** What to mark read of the view, null for nothing now. */
  toMark: (view: ThreadView) => ThreadMark | null;
  markRead: (conversationId: number, upTo: number) => Promise<Marked>;
  /** Hears a thread marked read; what it answers is applied to the view on screen. */
  onMarked?: (conversationId: number, result: Marked) => ((view: ThreadView) => ThreadView) | void;
  /** Mark only while the page is visible, and again when it becomes visible (the customer's side). */
  whileVisible?: boolean;
}

export interface Thread {
  /** The thread on screen: a failed refresh leaves it there. */
  load: Loaded<ThreadView>;
  /** The read answered that there is no such thread (`load` then fails with `missingText`). */
  missing: boolean;
  /** Reads the newest messages again, keeping the thread on screen meanwhile. */
  refresh: () => void;
  loadOlder: () => Promise<void>;
  olderError: string | null;
  loadingOlder: boolean;
  /** A message sent or pushed live: added (or updated, when known), and the thread's last message and status follow. */
  append: (message: ConversationMessage) => void;
  /** Edits the thread on screen (a read receipt). */
  update: (change: (view: ThreadView) => ThreadView) => void;
  setConversation: (conversation: ConversationSummary) => void;
}

/** A remote's means for its threads: its data loader and its wording of failures. */
export interface ThreadLoaderDeps {
  useAsync: UseAsync;
  describeFailure: DescribeFailure;
}

/**
 * The one thread hook of the customer's and the centre's messages (issue 62), bound once per remote to its data
 * loader (shared-contracts/react) and its wording of failures. A thread shows its newest page, older pages on
 * demand, the messages sent or pushed live, and is marked read as its side says (`toMark`).
 */
export function createThreadHook({ useAsync, describeFailure }: ThreadLoaderDeps) {
  return function useThread<Marked>(options: ThreadOptions<Marked>): Thread {
    const { read } = options;
    const [olderError, setOlderError] = useState<string | null>(null);
    const [loadingOlder, setLoadingOlder] = useState(false);
    const shown = useRef<ThreadView | null | undefined>(undefined);
    const latest = useRef(options);
    useLayoutEffect(() => {
      latest.current = options;
    });

    const marked = useRef(0);
    const readMerged = useCallback(
      async (signal: AbortSignal) => {
        const fresh = await read(signal);
        return fresh && mergeNewest(shown.current, fresh);
      },
      [read],
    );
    const { state, reload, setData } = useAsync(readMerged, { failedText: options.failedText });
    const data = state.data;
    useLayoutEffect(() => {
      shown.current = data;
    }, [data]);
    // a new thread starts afresh: nothing on screen to merge into, nothing marked, no older failure
    const firstRead = useRef(read);
    useLayoutEffect(() => {
      if (firstRead.current === read) return;
      firstRead.current = read;
      shown.current = undefined;
      marked.current = 0;
      setOlderError(null);
    }, [read]);

    const view = data ?? undefined;
    const load: Loaded<ThreadView> = data === null ? { status: 'failed', message: options.missingText ?? options.failedText } : loadedOf({ ...state, data: view });

    const update = useCallback((change: (view: ThreadView) => ThreadView) => setData((current) => (current ? change(current) : current)), [setData]);

    // marked read as the side says, again when it becomes visible for the customer's
    const mark = view ? options.toMark(view) : null;
    const conversationId = view?.conversation.id ?? 0;
    const markKey = mark?.key ?? 0;
    const markUpTo = mark?.upTo ?? 0;
    const whileVisible = options.whileVisible ?? false;
    useEffect(() => {
      if (!conversationId || !markKey) return undefined;
      const send = () => {
        if ((whileVisible && document.visibilityState !== 'visible') || marked.current >= markKey) return;
        marked.current = markKey;
        latest.current.markRead(conversationId, markUpTo).then(
          (result) => {
            const change = latest.current.onMarked?.(conversationId, result);
            if (change) update((current) => (current.conversation.id === conversationId ? change(current) : current));
          },
          () => {
            marked.current = 0; // marked again the next time it is shown
          },
        );
      };
      send();
      if (!whileVisible) return undefined;
      document.addEventListener('visibilitychange', send);
      return () => document.removeEventListener('visibilitychange', send);
    }, [conversationId, markKey, markUpTo, whileVisible, update]);

    const refresh = useCallback(() => reload('keep'), [reload]);

    const loadOlder = useCallback(async () => {
      const current = shown.current;
      const first = current?.messages[0];
      if (!current || !first || loadingOlder) return;
      setLoadingOlder(true);
      setOlderError(null);
      try {
        const page = await latest.current.readOlder(current.conversation.id, first.id);
        update((now) => (now.conversation.id === current.conversation.id ? { ...now, messages: mergeMessages(now.messages, page.messages), hasOlder: page.hasOlder } : now));
      } catch (error) {
        setOlderError(describeFailure(error, latest.current.olderFailedText));
      } finally {
        setLoadingOlder(false);
      }
    }, [loadingOlder, update]);

    const append = useCallback(
      (message: ConversationMessage) =>
        update((current) => {
          if (current.messages.some((known) => known.id === message.id)) return { ...current, messages: mergeMessages(current.messages, [message]) };
          return {
            ...current,
            messages: mergeMessages(current.messages, [message]),
            conversation: {
              ...current.conversation,
              // a message opens a closed thread again
              status: 'open',
              lastMessage: { side: message.side, text: message.text, hasPhotos: message.photos.length > 0, createdAt: message.createdAt },
              updatedAt: message.createdAt,
            },
          };
        }),
      [update],
    );

    const setConversation = useCallback(
      (conversation: ConversationSummary) => update((current) => (current.conversation.id === conversation.id ? { ...current, conversation } : current)),
      [update],
    );

    return { load, missing: data === null, refresh, loadOlder, olderError, loadingOlder, append, update, setConversation };
  };
}
