import { createThreadHook, type ThreadOptions } from 'shared-contracts/react';
import type { StaffConversationReadResult } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { useAsync } from '../hooks/useAsync';
import { messagesApi } from './messagesApi';
import { messagesText } from './messagesText';

/** The remotes' one thread hook (shared-contracts/conversations), bound to the back office's loader. */
export const useThread = createThreadHook({ useAsync, describeFailure: messageOf });

/**
 * The centre's side of a thread (`read` gives its newest page: GET …/conversations/:id or the service order's):
 * older pages by `before`; marked read up to its last message whenever it shows unread ones, the unread left shown
 * at once and heard by `onRead` (the thread's centre's and the caller's every centre's).
 */
export function staffThread(onRead?: (conversationId: number, result: StaffConversationReadResult) => void): Omit<ThreadOptions<StaffConversationReadResult>, 'read'> {
  return {
    readOlder: (id, before) => messagesApi.thread(id, before),
    failedText: messagesText.loadFailed,
    olderFailedText: messagesText.thread.olderFailed,
    toMark: ({ conversation, messages }) => {
      const last = messages[messages.length - 1];
      return conversation.unreadCount > 0 && last ? { key: last.id, upTo: last.id } : null;
    },
    markRead: (id, upTo) => messagesApi.markRead(id, upTo),
    onMarked: (id, result) => {
      onRead?.(id, result);
      return (view) => ({ ...view, conversation: { ...view.conversation, unreadCount: result.unreadCount } });
    },
  };
}
