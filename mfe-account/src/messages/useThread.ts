import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiClient, ensureSucceeded, envelopeData, eventBus } from 'shared-contracts';
import type { ConversationMessage, ConversationMessageEvent, ConversationReadEvent, ConversationSummary } from 'shared-contracts/schemas';
import { vi } from '../i18n/vi';
import { messagesApi } from './messagesApi';

export type ThreadState =
  | { status: 'loading' }
  | { status: 'error'; message: string; httpStatus: number }
  | { status: 'ready'; conversation: ConversationSummary; messages: ConversationMessage[]; hasOlder: boolean };

const failure = (error: unknown) => ({
  message: error instanceof ApiError && error.message ? error.message : vi.requestFailed,
  httpStatus: error instanceof ApiError ? error.status : 0,
});

/** The messages by id, oldest first, each once (a live message may also come back in a page read after it). */
function merge(current: ConversationMessage[], incoming: ConversationMessage[]): ConversationMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, { ...byId.get(message.id), ...message });
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The message as the customer sees it, from the live event (which does not know the viewer). */
export function fromEvent(event: ConversationMessageEvent): ConversationMessage {
  return { ...event.message, mine: event.message.side === 'customer', readByOtherSide: false };
}

/** After reading a thread, the bell's count follows (the API may have marked the thread's notifications read). */
async function refreshBell() {
  try {
    const body = await apiClient.get('/notifications/unread-count');
    ensureSucceeded(body);
    const data = envelopeData(body) as { unreadCount?: unknown } | null;
    if (data && typeof data.unreadCount === 'number') eventBus.publish('notifications/unread-changed', { unreadCount: data.unreadCount });
  } catch {
    // the bell keeps its count until its next read
  }
}

/**
 * One thread: its latest page, older pages on demand, live messages and read receipts, and "read up to here"
 * sent while the page is visible.
 */
export function useThread(id: number) {
  const [state, setState] = useState<ThreadState>({ status: 'loading' });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);
  const lastMarked = useRef(0);

  const load = useCallback(
    (signal?: AbortSignal, keep = false) => {
      if (!keep) setState({ status: 'loading' });
      messagesApi.thread(id, undefined, signal).then(
        (thread) => {
          if (signal?.aborted) return;
          setState((previous) =>
            keep && previous.status === 'ready'
              ? { status: 'ready', conversation: thread.conversation, messages: merge(previous.messages, thread.messages), hasOlder: previous.hasOlder }
              : { status: 'ready', ...thread },
          );
        },
        (error: unknown) => {
          if (signal?.aborted) return;
          setState((previous) => (keep && previous.status === 'ready' ? previous : { status: 'error', ...failure(error) }));
        },
      );
    },
    [id],
  );

  useEffect(() => {
    const controller = new AbortController();
    lastMarked.current = 0;
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const loadOlder = useCallback(() => {
    if (state.status !== 'ready' || loadingOlder || state.messages.length === 0) return;
    setLoadingOlder(true);
    setOlderError(null);
    messagesApi.thread(id, state.messages[0]!.id).then(
      (page) => {
        setState((previous) => (previous.status === 'ready' ? { ...previous, messages: merge(previous.messages, page.messages), hasOlder: page.hasOlder } : previous));
        setLoadingOlder(false);
      },
      (error: unknown) => {
        setOlderError(failure(error).message);
        setLoadingOlder(false);
      },
    );
  }, [id, state, loadingOlder]);

  const add = useCallback((message: ConversationMessage) => {
    setState((previous) => (previous.status === 'ready' ? { ...previous, messages: merge(previous.messages, [message]) } : previous));
  }, []);

  const onRead = useCallback(
    (event: ConversationReadEvent) => {
      if (event.conversationId !== id || event.side !== 'centre') return;
      setState((previous) =>
        previous.status === 'ready'
          ? { ...previous, messages: previous.messages.map((message) => (message.mine && message.id <= event.lastMessageId ? { ...message, readByOtherSide: true } : message)) }
          : previous,
      );
    },
    [id],
  );

  // read up to the newest message while the page is visible (again when it becomes visible), once the centre wrote
  const messages = state.status === 'ready' ? state.messages : [];
  const newestId = messages[messages.length - 1]?.id ?? 0;
  const newestTheirs = [...messages].reverse().find((message) => !message.mine)?.id ?? 0;
  useEffect(() => {
    if (!newestTheirs) return undefined;
    const mark = () => {
      if (document.visibilityState !== 'visible' || lastMarked.current >= newestTheirs) return;
      lastMarked.current = newestTheirs;
      messagesApi.markRead(id, newestId).then(
        () => refreshBell(),
        () => {
          lastMarked.current = 0;
        },
      );
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [id, newestTheirs, newestId]);

  return { state, loadOlder, loadingOlder, olderError, add, onRead, reload: () => load(undefined, true) };
}
