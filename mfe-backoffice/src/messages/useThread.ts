import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConversationMessage, ConversationSummary, ConversationThread, StaffConversationReadResult } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { messagesApi } from './messagesApi';
import { messagesText } from './messagesText';

export interface ThreadView {
  conversation: ConversationSummary;
  /** Oldest first. */
  messages: ConversationMessage[];
  hasOlder: boolean;
}

export type ThreadLoad = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: ThreadView };

/** The newest page merged under the older messages already on screen (a refresh keeps what was scrolled back to). */
export function mergeNewest(current: ThreadView | undefined, fresh: ConversationThread): ThreadView {
  if (!current || current.conversation.id !== fresh.conversation.id) return fresh;
  const firstFresh = fresh.messages[0]?.id;
  const older = firstFresh === undefined ? [] : current.messages.filter((message) => message.id < firstFresh);
  return { conversation: fresh.conversation, messages: [...older, ...fresh.messages], hasOlder: older.length > 0 ? current.hasOlder : fresh.hasOlder };
}

export interface UseThread {
  load: ThreadLoad;
  /** Reads the newest messages again, keeping the thread on screen meanwhile. */
  refresh: () => void;
  loadOlder: () => Promise<void>;
  olderError: string | null;
  loadingOlder: boolean;
  append: (message: ConversationMessage) => void;
  setConversation: (conversation: ConversationSummary) => void;
}

/**
 * One thread on screen: `read` gives its newest page (GET …/conversations/:id or the service order's), older pages
 * come by `before`; it is marked read up to its last message whenever it shows unread ones (`onRead` hears the
 * unread totals then: the thread's centre's and the caller's every centre's).
 */
export function useThread(read: (signal: AbortSignal) => Promise<ConversationThread>, onRead?: (conversationId: number, result: StaffConversationReadResult) => void): UseThread {
  const [load, setLoad] = useState<ThreadLoad>({ status: 'loading' });
  const [olderError, setOlderError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [tick, setTick] = useState(0);
  const current = useRef<ThreadView | undefined>(undefined);
  const readRef = useRef(read);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;
  const markedUpTo = useRef(0);

  const show = useCallback((view: ThreadView) => {
    current.current = view;
    setLoad({ status: 'ready', data: view });
  }, []);

  useEffect(() => {
    if (readRef.current !== read) {
      readRef.current = read;
      current.current = undefined;
      markedUpTo.current = 0;
      setLoad({ status: 'loading' });
      setOlderError(null);
    }
    const controller = new AbortController();
    read(controller.signal).then(
      (fresh) => {
        if (!controller.signal.aborted) show(mergeNewest(current.current, fresh));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // a failed refresh leaves the thread on screen
        if (!current.current) setLoad({ status: 'failed', message: messageOf(error, messagesText.loadFailed) });
      },
    );
    return () => controller.abort();
  }, [read, tick, show]);

  // Shown with unread messages: marked read up to the last one.
  const data = load.status === 'ready' ? load.data : undefined;
  useEffect(() => {
    if (!data || data.conversation.unreadCount === 0) return;
    const last = data.messages[data.messages.length - 1];
    if (!last || last.id <= markedUpTo.current) return;
    markedUpTo.current = last.id;
    const id = data.conversation.id;
    messagesApi.markRead(id, last.id).then(
      (result) => {
        const view = current.current;
        if (view && view.conversation.id === id) show({ ...view, conversation: { ...view.conversation, unreadCount: result.unreadCount } });
        onReadRef.current?.(id, result);
      },
      () => undefined, // marked again the next time it is shown
    );
  }, [data, show]);

  const refresh = useCallback(() => setTick((value) => value + 1), []);

  const loadOlder = useCallback(async () => {
    const view = current.current;
    const first = view?.messages[0];
    if (!view || !first) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const page = await messagesApi.thread(view.conversation.id, first.id);
      const now = current.current;
      if (!now || now.conversation.id !== view.conversation.id) return;
      const known = new Set(now.messages.map((message) => message.id));
      show({ ...now, messages: [...page.messages.filter((message) => !known.has(message.id)), ...now.messages], hasOlder: page.hasOlder });
    } catch (error) {
      setOlderError(messageOf(error, messagesText.thread.olderFailed));
    } finally {
      setLoadingOlder(false);
    }
  }, [show]);

  const append = useCallback(
    (message: ConversationMessage) => {
      const view = current.current;
      if (!view || view.messages.some((known) => known.id === message.id)) return;
      show({
        ...view,
        messages: [...view.messages, message],
        conversation: {
          ...view.conversation,
          // a message opens a closed thread again
          status: 'open',
          lastMessage: { side: message.side, text: message.text, hasPhotos: message.photos.length > 0, createdAt: message.createdAt },
          updatedAt: message.createdAt,
        },
      });
    },
    [show],
  );

  const setConversation = useCallback(
    (conversation: ConversationSummary) => {
      const view = current.current;
      if (view && view.conversation.id === conversation.id) show({ ...view, conversation });
    },
    [show],
  );

  return { load, refresh, loadOlder, olderError, loadingOlder, append, setConversation };
}
