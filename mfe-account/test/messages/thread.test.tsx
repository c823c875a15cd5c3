import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventBus, sessionStore } from 'shared-contracts';
import { CONVERSATION_TEXT_MAX } from 'shared-contracts/conversations';
import type { ConversationMessage } from 'shared-contracts/schemas';
import { ThreadPage } from '../../src/messages';
import { fail, logIn, ok, renderAccountPage } from '../helpers';
import { conversation, message, mockApi, type ApiCall } from './messageFixtures';

const CENTRE = { side: 'centre' as const, mine: false, authorName: 'Trần Thị B · Kỹ thuật viên' };

function threadApi(messages: ConversationMessage[], extra?: (call: ApiCall) => ReturnType<typeof ok> | undefined) {
  return mockApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/conversations/12') {
      return ok({ conversation: conversation(), messages, hasOlder: false });
    }
    if (call.method === 'PUT' && call.path === '/api/conversations/12/read') return ok({ unreadCount: 0, unreadTotal: 0 });
    if (call.path === '/api/notifications/unread-count') return ok({ unreadCount: 3 });
    if (call.method === 'GET' && call.path.startsWith('/api/conversations/12/photos/')) return { status: 200 };
    return fail(404, 'Không tìm thấy');
  });
}

beforeEach(() => {
  logIn({ id: 'u-1', fullName: 'Nguyễn Văn Khách', email: 'khach@example.vn', role: 'customer', emailVerified: true, avatar: null });
  URL.createObjectURL = jest.fn(() => 'blob:photo');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => sessionStore.clear());

describe('/messages/:id', () => {
  it('shows the thread oldest first, with "Đã xem" under the last message the centre read, and reads it', async () => {
    const api = threadApi([
      message({ id: 1, text: 'Xe em kêu lạ ở bánh trước', readByOtherSide: true }),
      message({ id: 2, ...CENTRE, text: 'Dạ, anh chị mang xe qua giúp em ạ', createdAt: '2026-11-27T03:05:00.000Z' }),
      message({ id: 3, text: 'Chiều nay được không?', readByOtherSide: true }),
      message({ id: 4, text: 'Em cảm ơn', readByOtherSide: false }),
    ]);
    const bell: number[] = [];
    const subscription = eventBus.on('notifications/unread-changed').subscribe(({ unreadCount }) => bell.push(unreadCount));
    renderAccountPage('/messages/:id', <ThreadPage />, '/messages/12');

    const items = await screen.findAllByTestId('message');
    expect(items.map((item) => item.querySelector('p:nth-child(2)')?.textContent)).toEqual([
      'Xe em kêu lạ ở bánh trước',
      'Dạ, anh chị mang xe qua giúp em ạ',
      'Chiều nay được không?',
      'Em cảm ơn',
    ]);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Lịch hẹn 27/11/2026 09:00 · 51K-123.45');
    expect(within(items[1]!).getByText(/27\/11\/2026 10:05/)).toBeInTheDocument();
    // the latest own message is not read yet: no receipt anywhere (an older read one does not show it)
    expect(screen.queryByText('Đã xem')).not.toBeInTheDocument();

    // read up to the newest message, then the bell follows
    await waitFor(() => expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ lastMessageId: 4 }));
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    await waitFor(() => expect(bell).toContain(3));
    subscription.unsubscribe();
  });

  it('sends with Enter, writes a new line with Shift + Enter, and shows the message sent', async () => {
    const sent = message({ id: 5, text: 'Dòng 1\nDòng 2' });
    const api = threadApi([message({ id: 1 })], (call) => (call.method === 'POST' && call.path === '/api/conversations/12/messages' ? { status: 201, body: { success: true, message: 'Đã gửi', data: sent } } : undefined));
    const user = userEvent.setup();
    renderAccountPage('/messages/:id', <ThreadPage />, '/messages/12');
    const box = await screen.findByRole('textbox', { name: 'Nội dung tin nhắn' });

    await user.type(box, 'Dòng 1{Shift>}{Enter}{/Shift}Dòng 2');
    expect(box).toHaveValue('Dòng 1\nDòng 2');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Dòng 1\nDòng 2', photoIds: [] }));
    expect(await screen.findAllByTestId('message')).toHaveLength(2);
    expect(box).toHaveValue('');
  });

  it('counts characters and refuses more than 2,000, and an empty message', async () => {
    const api = threadApi([]);
    const user = userEvent.setup();
    renderAccountPage('/messages/:id', <ThreadPage />, '/messages/12');
    const box = await screen.findByRole('textbox', { name: 'Nội dung tin nhắn' });
    expect(screen.getByText('Chưa có tin nhắn nào. Hãy gửi tin nhắn đầu tiên cho trung tâm.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Gửi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vui lòng nhập nội dung tin nhắn hoặc chọn ảnh.');

    fireEvent.change(box, { target: { value: 'a'.repeat(CONVERSATION_TEXT_MAX) } });
    expect(screen.getByTestId('message-counter')).toHaveTextContent('2.000/2.000 ký tự');
    expect(screen.getByRole('button', { name: 'Gửi' })).toBeEnabled();
    fireEvent.change(box, { target: { value: 'a'.repeat(CONVERSATION_TEXT_MAX + 1) } });
    expect(screen.getByTestId('message-counter')).toHaveTextContent('2.001/2.000 ký tự');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Gửi' })).toBeDisabled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Tin nhắn tối đa 2.000 ký tự.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('uploads up to 4 photos one by one, says why a fifth or a wrong file is refused, and sends their ids', async () => {
    let uploading = 0;
    let most = 0;
    let next = 100;
    const api = threadApi([], (call) => {
      if (call.method === 'POST' && call.path === '/api/conversations/12/photos') {
        uploading += 1;
        most = Math.max(most, uploading);
        return new Promise((resolve) => setTimeout(() => {
          uploading -= 1;
          resolve({ status: 201, body: { success: true, message: 'Đã tải', data: { id: next++, url: '/api/conversations/12/photos/1', width: 800, height: 600 } } });
        }, 5)) as never;
      }
      if (call.method === 'POST' && call.path === '/api/conversations/12/messages') return { status: 201, body: { success: true, message: 'Đã gửi', data: message({ id: 9, text: '' }) } };
      return undefined;
    });
    const user = userEvent.setup({ applyAccept: false });
    renderAccountPage('/messages/:id', <ThreadPage />, '/messages/12');
    const input = await screen.findByLabelText('Thêm ảnh (tối đa 4)');
    const file = (name: string, type = 'image/jpeg') => new File(['x'], name, { type });

    await user.upload(input, [file('a.jpg'), file('b.jpg'), file('c.pdf', 'application/pdf'), file('d.jpg'), file('e.jpg'), file('f.jpg')]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ảnh "c.pdf" không đúng định dạng (chỉ nhận JPG, PNG, WebP).');
    expect(alert).toHaveTextContent('Mỗi tin nhắn tối đa 4 ảnh.');
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/conversations/12/photos')).toHaveLength(4));
    expect(most).toBe(1);
    expect(input).toBeDisabled();
    expect(within(screen.getByRole('list', { name: 'Ảnh sẽ gửi kèm' })).getAllByRole('listitem')).toHaveLength(4);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Gửi' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Gửi' }));
    await waitFor(() => expect(api.calls.find((call) => call.path === '/api/conversations/12/messages')?.body).toEqual({ text: '', photoIds: [100, 101, 102, 103] }));
  });

  it('shows the server\'s Vietnamese reason when a photo is refused', async () => {
    threadApi([], (call) => (call.path === '/api/conversations/12/photos' ? fail(413, 'Ảnh quá lớn (tối đa 8 MB).') : undefined));
    const user = userEvent.setup();
    renderAccountPage('/messages/:id', <ThreadPage />, '/messages/12');
    await user.upload(await screen.findByLabelText('Thêm ảnh (tối đa 4)'), new File(['x'], 'xe.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không tải được ảnh "xe.png": Ảnh quá lớn (tối đa 8 MB).');
    expect(screen.queryByRole('list', { name: 'Ảnh sẽ gửi kèm' })).not.toBeInTheDocument();
  });

  it('appends the centre\'s message and shows the read receipt live, without reloading', async () => {
    const api = threadApi([message({ id: 1, text: 'Xe xong chưa ạ?' })]);
    renderAccountPage('/messages/:id', <ThreadPage />, '/messages/12');
    await screen.findAllByTestId('message');
    await waitFor(() => expect(api.stream.opened).toBe(1));

    act(() => api.send('conversation-read', { conversationId: 12, side: 'centre', lastMessageId: 1, at: '2026-11-27T03:00:00.000Z' }));
    expect(await screen.findByText('Đã xem')).toBeInTheDocument();

    act(() =>
      api.send('conversation-message', {
        conversationId: 12,
        message: { id: 2, conversationId: 12, side: 'centre', authorName: 'Trần Thị B · Kỹ thuật viên', text: 'Xe đã sẵn sàng ạ', photos: [{ id: 7, url: '/api/conversations/12/photos/7', width: 800, height: 600 }], createdAt: '2026-11-27T03:10:00.000Z' },
        unreadCount: 1,
        unreadTotal: 1,
      }),
    );
    // another thread's message is not this page's
    act(() => api.send('conversation-message', { conversationId: 99, message: { id: 3, conversationId: 99, side: 'centre', authorName: 'X', text: 'Khác', photos: [], createdAt: '2026-11-27T03:10:00.000Z' }, unreadCount: 1, unreadTotal: 2 }));

    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(2));
    expect(screen.getByText('Xe đã sẵn sàng ạ')).toBeInTheDocument();
    expect(screen.queryByText('Khác')).not.toBeInTheDocument();
    expect(screen.getByTestId('new-message-announcement')).toHaveTextContent('Tin nhắn mới từ Trần Thị B · Kỹ thuật viên: Xe đã sẵn sàng ạ');
    // the photo is fetched with the session's token
    await waitFor(() => expect(screen.getByRole('img', { name: 'Ảnh 1 của Trần Thị B · Kỹ thuật viên' })).toHaveAttribute('src', 'blob:photo'));
    expect(screen.getByRole('link', { name: 'Ảnh 1 của Trần Thị B · Kỹ thuật viên' })).toHaveAttribute('href', 'blob:photo');
    const photoCall = (globalThis.fetch as jest.Mock).mock.calls.find(([url]) => String(url).endsWith('/api/conversations/12/photos/7'));
    expect(photoCall?.[1]).toEqual(expect.objectContaining({ headers: { Authorization: 'Bearer test-token' } }));
    // and the new message is read at once (the page is visible)
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toContainEqual({ lastMessageId: 2 }));
  });

  it('loads older messages on "Xem tin nhắn cũ hơn"', async () => {
    const api = mockApi((call) => {
      if (call.path !== '/api/conversations/12') return ok({ unreadCount: 0, unreadTotal: 0 });
      return call.query.get('before') === '31'
        ? ok({ conversation: conversation(), messages: [message({ id: 30, text: 'Tin cũ' })], hasOlder: false })
        : ok({ conversation: conversation(), messages: [message({ id: 31, text: 'Tin mới' })], hasOlder: true });
    });
    const user = userEvent.setup();
    renderAccountPage('/messages/:id', <ThreadPage />, '/messages/12');
    await user.click(await screen.findByRole('button', { name: 'Xem tin nhắn cũ hơn' }));
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(2));
    expect(screen.getAllByTestId('message')[0]).toHaveTextContent('Tin cũ');
    expect(screen.queryByRole('button', { name: 'Xem tin nhắn cũ hơn' })).not.toBeInTheDocument();
    expect(api.calls.find((call) => call.query.get('before') === '31')).toBeDefined();
  });

  it('says so when the thread is not the customer\'s', async () => {
    mockApi(() => fail(404, 'Không tìm thấy cuộc trò chuyện.'));
    renderAccountPage('/messages/:id', <ThreadPage />, '/messages/77');
    expect(await screen.findByRole('alert')).toHaveTextContent('Không tìm thấy cuộc trò chuyện này.');
  });
});
