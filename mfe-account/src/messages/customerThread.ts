import { apiClient, ensureSucceeded, envelopeData, eventBus } from 'shared-contracts';
import { createThreadHook, type ThreadOptions, type ThreadView } from 'shared-contracts/react';
import type { ConversationMessage, ConversationMessageEvent, ConversationReadEvent } from 'shared-contracts/schemas';
import { describeFailure, useAsync } from '../hooks/useAsync';
import { vi } from '../i18n/vi';
import { messagesApi } from './messagesApi';
import { messagesText } from './messagesText';

/** The remotes' one thread hook (shared-contracts/conversations), bound to the account's loader. */
export const useThread = createThreadHook({ useAsync, describeFailure });

/** The message as the customer sees it, from the live event (which does not know the viewer). */
export function fromEvent(event: ConversationMessageEvent): ConversationMessage {
  return { ...event.message, mine: event.message.side === 'customer', readByOtherSide: false };
}

/** The centre read up to `event.lastMessageId`: the customer's messages up to there show 'Đã xem'. */
export function withReadReceipt(view: ThreadView, event: ConversationReadEvent): ThreadView {
  if (event.conversationId !== view.conversation.id || event.side !== 'centre') return view;
  return { ...view, messages: view.messages.map((message) => (message.mine && message.id <= event.lastMessageId ? { ...message, readByOtherSide: true } : message)) };
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
 * The customer's side of a thread: the newest page of GET /conversations/:id (none: 'Không tìm thấy'), older ones
 * by `before`, and "read up to here" sent while the page is visible (again when it becomes visible), once the
 * centre wrote.
 */
export const customerThread: Omit<ThreadOptions<unknown>, 'read'> = {
  readOlder: (id, before) => messagesApi.thread(id, before),
  failedText: vi.requestFailed,
  olderFailedText: vi.requestFailed,
  missingText: messagesText.notFound,
  toMark: ({ messages }) => {
    const newestTheirs = [...messages].reverse().find((message) => !message.mine)?.id ?? 0;
    return newestTheirs ? { key: newestTheirs, upTo: messages[messages.length - 1]!.id } : null;
  },
  markRead: (id, upTo) => messagesApi.markRead(id, upTo),
  onMarked: () => void refreshBell(),
  whileVisible: true,
};
