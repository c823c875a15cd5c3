import { act, renderHook, waitFor } from '@testing-library/react';
import { createDataLoader, createThreadHook, mergeNewest, type ThreadOptions } from '../../src/react';
import type { ConversationMessage, ConversationSummary, ConversationThread } from '../../src/schemas/conversations';

const describeFailure = (error: unknown, fallback: string) => (error instanceof Error && error.message !== 'offline' ? error.message : fallback);
const useThread = createThreadHook({ useAsync: createDataLoader({ describeFailure, failedText: 'Lỗi chung.' }), describeFailure });

const summary = (overrides: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: 7,
  subject: { kind: 'order', id: 3, label: 'Đơn hàng EV2611220007' },
  centreId: 1,
  centreName: 'EV Hà Nội',
  customerName: 'Nguyễn Văn An',
  status: 'closed',
  assignee: null,
  unreadCount: 1,
  lastMessage: null,
  updatedAt: '2026-11-27T02:00:00.000Z',
  version: 1,
  ...overrides,
});

const message = (id: number, mine = false): ConversationMessage => ({
  id,
  conversationId: 7,
  side: mine ? 'customer' : 'centre',
  authorName: mine ? 'Nguyễn Văn An' : 'Trần Thị B',
  mine,
  text: `Tin ${id}`,
  photos: [],
  createdAt: `2026-11-27T02:0${id}:00.000Z`,
  readByOtherSide: false,
});

const page = (ids: number[], hasOlder = false, overrides: Partial<ConversationSummary> = {}): ConversationThread => ({ conversation: summary(overrides), messages: ids.map((id) => message(id)), hasOlder });

function setup(read: ThreadOptions<{ unreadCount: number }>['read'], overrides: Partial<ThreadOptions<{ unreadCount: number }>> = {}) {
  const options: ThreadOptions<{ unreadCount: number }> = {
    read,
    readOlder: jest.fn(async () => page([1, 2], false)),
    failedText: 'Không tải được cuộc trò chuyện.',
    olderFailedText: 'Không tải được tin cũ hơn.',
    missingText: 'Không tìm thấy cuộc trò chuyện này.',
    toMark: ({ conversation, messages }) => (conversation.unreadCount > 0 ? { key: messages.at(-1)!.id, upTo: messages.at(-1)!.id } : null),
    markRead: jest.fn(async () => ({ unreadCount: 0 })),
    onMarked: (_id, result) => (view) => ({ ...view, conversation: { ...view.conversation, unreadCount: result.unreadCount } }),
    ...overrides,
  };
  return { options, ...renderHook((props: ThreadOptions<{ unreadCount: number }>) => useThread(props), { initialProps: options }) };
}

describe('useThread', () => {
  it('shows the newest page, marks it read once and shows the unread left', async () => {
    const read = jest.fn(async () => page([3, 4], true));
    const { result, options } = setup(read);
    expect(result.current.load).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    await waitFor(() => expect(options.markRead).toHaveBeenCalledWith(7, 4));
    await waitFor(() => expect(result.current.load.status === 'ready' && result.current.load.data.conversation.unreadCount).toBe(0));
    expect(options.markRead).toHaveBeenCalledTimes(1);
  });

  it('keeps older messages through a refresh, loads older pages and appends a live message once', async () => {
    let answer = page([3, 4], true);
    const read = jest.fn(async () => answer);
    const { result, options } = setup(read, { toMark: () => null });
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    await act(() => result.current.loadOlder());
    expect(options.readOlder).toHaveBeenCalledWith(7, 3);
    answer = page([4, 5], true);
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.load.status === 'ready' && result.current.load.data.messages.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5]));
    expect(result.current.load.status === 'ready' && result.current.load.data.hasOlder).toBe(false);
    act(() => result.current.append(message(6, true)));
    act(() => result.current.append(message(6, true)));
    const view = result.current.load.status === 'ready' ? result.current.load.data : null;
    expect(view?.messages.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(view?.conversation).toMatchObject({ status: 'open', lastMessage: { side: 'customer', text: 'Tin 6', hasPhotos: false } });
  });

  it('says a failed read, a failed older page and a missing thread in their words; a failed refresh keeps the thread', async () => {
    const read = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(page([3])).mockRejectedValueOnce(new Error('offline'));
    const { result } = setup(read, { toMark: () => null, readOlder: jest.fn().mockRejectedValue(new Error('offline')) });
    await waitFor(() => expect(result.current.load).toEqual({ status: 'failed', message: 'Không tải được cuộc trò chuyện.' }));
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    act(() => result.current.refresh());
    await waitFor(() => expect(read).toHaveBeenCalledTimes(3));
    await act(() => result.current.loadOlder());
    expect(result.current.load.status).toBe('ready');
    expect(result.current.olderError).toBe('Không tải được tin cũ hơn.');

    const { result: missing } = setup(async () => null);
    await waitFor(() => expect(missing.current.load).toEqual({ status: 'failed', message: 'Không tìm thấy cuộc trò chuyện này.' }));
    expect(missing.current.missing).toBe(true);
  });

  it('mergeNewest starts over for another thread', () => {
    const other = page([9], false, { id: 8 });
    expect(mergeNewest({ ...page([1, 2]), hasOlder: true }, other)).toBe(other);
  });
});
