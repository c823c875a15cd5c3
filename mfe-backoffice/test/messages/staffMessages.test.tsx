import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import { CONVERSATION_QUICK_REPLIES } from 'shared-contracts/conversations';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { messagesApi } from '../../src/messages/messagesApi';
import { signIn, signOut } from '../partsRequestFixtures';
import { floorChange, lastStreamOptions } from '../staffFixtures';
import { list, message, readResult, renderMessagesPage, summary, thread } from './messageFixtures';

jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));
jest.mock('../../src/messages/messagesApi', () => ({
  messagesApi: {
    inbox: jest.fn(),
    thread: jest.fn(),
    assignees: jest.fn(),
    serviceOrderThread: jest.fn(),
    uploadPhoto: jest.fn(),
    send: jest.fn(),
    markRead: jest.fn(),
    assign: jest.fn(),
    setStatus: jest.fn(),
  },
}));

const api = jest.mocked(messagesApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

const other = summary({
  id: 5,
  customerName: 'Trần Thị Bình',
  subject: { kind: 'order', id: 12, label: 'Đơn hàng EV2611-0042' },
  assignee: { id: 8, fullName: 'Phạm Minh' },
  unreadCount: 0,
  lastMessage: { side: 'centre', text: '', hasPhotos: true, createdAt: '2026-11-26T10:15:00.000Z' },
  version: 2,
});


const inbox = () => screen.getByRole('list', { name: 'Hộp thư' });
const threadMessages = () => screen.getByRole('list', { name: 'Tin nhắn' });

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  signIn('staff');
  api.inbox.mockResolvedValue(list([summary(), other]));
  api.assignees.mockResolvedValue([
    { id: 3, fullName: 'Lê Thu Hà', role: 'staff' },
    { id: 8, fullName: 'Phạm Minh', role: 'staff' },
  ]);
  api.thread.mockResolvedValue(thread());
  api.markRead.mockResolvedValue(readResult(0));
});

afterEach(signOut);

describe('/staff/messages', () => {
  it('lists the centre’s threads with customer, subject, last message, time, unread count and assignee', async () => {
    renderMessagesPage();
    const rows = await screen.findAllByRole('link', { name: /Nguyễn Văn An|Trần Thị Bình/ });
    expect(rows).toHaveLength(2);
    const first = within(inbox()).getByTestId('conversation-3');
    expect(first).toHaveTextContent('Nguyễn Văn An');
    expect(first).toHaveTextContent('Phiếu dịch vụ PDV261127K7QZ · 30A-123.45');
    expect(first).toHaveTextContent('Xe tôi xong chưa ạ?');
    expect(first).toHaveTextContent('27/11 09:05');
    expect(first).toHaveTextContent('2 chưa đọc');
    expect(first).toHaveTextContent('Chưa phân công');
    const second = within(inbox()).getByTestId('conversation-5');
    expect(second).toHaveTextContent('Trung tâm: [Ảnh]');
    expect(second).toHaveTextContent('26/11 17:15');
    expect(second).toHaveTextContent('Phụ trách: Phạm Minh');
    expect(second).not.toHaveTextContent('chưa đọc');
    expect(screen.getByText('2 tin chưa đọc')).toBeInTheDocument();
    expect(api.inbox).toHaveBeenCalledWith({ filter: 'open', q: '', page: 1 }, expect.anything());
    expect(first).toHaveAttribute('href', '/staff/messages?thread=3');
  });

  it('filters by the tabs and searches by name, phone, plate or code', async () => {
    renderMessagesPage();
    await screen.findByTestId('conversation-3');
    expect(screen.getByRole('button', { name: 'Đang mở' })).toHaveAttribute('aria-pressed', 'true');

    api.inbox.mockResolvedValue(list([other]));
    await userEvent.click(screen.getByRole('button', { name: 'Chưa đọc' }));
    expect(screen.getByRole('button', { name: 'Chưa đọc' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.queryByTestId('conversation-3')).not.toBeInTheDocument());
    expect(api.inbox).toHaveBeenLastCalledWith({ filter: 'unread', q: '', page: 1 }, expect.anything());

    api.inbox.mockResolvedValue(list([]));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Tìm theo tên, số điện thoại, biển số hoặc mã đơn' }), '30A-999');
    expect(await screen.findByText('Không có hội thoại nào khớp “30A-999”.')).toBeInTheDocument();
    expect(api.inbox).toHaveBeenLastCalledWith({ filter: 'unread', q: '30A-999', page: 1 }, expect.anything());
  });

  it('shows the chosen thread oldest first with authors, roles and the read receipt, and marks it read', async () => {
    renderMessagesPage('/staff/messages?thread=3');
    const messages = await screen.findByRole('list', { name: 'Tin nhắn' });
    const items = within(messages).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p:last-of-type')?.textContent ?? '')).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Lê Thu · Nhân viên');
    expect(items[0]).toHaveTextContent('Dạ trung tâm đã nhận xe ạ.');
    expect(items[0]).toHaveTextContent('Đã xem');
    expect(items[1]).toHaveTextContent('Nguyễn Văn An · Khách hàng');
    expect(items[1]).toHaveTextContent('Xe tôi xong chưa ạ?');
    expect(screen.getByRole('heading', { level: 2, name: 'Nguyễn Văn An' })).toBeInTheDocument();
    expect(api.thread).toHaveBeenCalledWith(3, undefined, expect.anything());
    await waitFor(() => expect(api.markRead).toHaveBeenCalledWith(3, 41));
    await waitFor(() => expect(within(inbox()).getByTestId('conversation-3')).not.toHaveTextContent('chưa đọc'));
    expect(screen.getByText('Không có tin chưa đọc')).toBeInTheDocument();
  });

  it('selecting a row opens its thread, and “Xem tin nhắn cũ hơn” puts the older ones above', async () => {
    api.thread.mockImplementation(async (_id, before) =>
      before === undefined ? thread({ hasOlder: true }) : thread({ messages: [message(30, { text: 'Tin cũ nhất' })], hasOlder: false }),
    );
    renderMessagesPage();
    await userEvent.click(await screen.findByTestId('conversation-3'));
    expect(await screen.findByRole('list', { name: 'Tin nhắn' })).toBeInTheDocument();
    expect(screen.getByTestId('conversation-3')).toHaveAttribute('aria-current', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Xem tin nhắn cũ hơn' }));
    await waitFor(() => expect(within(threadMessages()).getAllByRole('listitem')).toHaveLength(3));
    expect(within(threadMessages()).getAllByRole('listitem')[0]).toHaveTextContent('Tin cũ nhất');
    expect(api.thread).toHaveBeenLastCalledWith(3, 40);
    expect(screen.queryByRole('button', { name: 'Xem tin nhắn cũ hơn' })).not.toBeInTheDocument();
  });

  it('sends with Enter (Shift+Enter is a new line) and appends the message', async () => {
    api.send.mockResolvedValue(message(42, { side: 'centre', authorName: 'Lê Thu Hà · Nhân viên', mine: true, text: 'Dạ xe sắp xong\nạ', createdAt: '2026-11-27T02:10:00.000Z' }));
    renderMessagesPage('/staff/messages?thread=3');
    const box = await screen.findByRole('textbox', { name: 'Nội dung tin nhắn' });
    await userEvent.type(box, 'Dạ xe sắp xong{Shift>}{Enter}{/Shift}ạ');
    expect(box).toHaveValue('Dạ xe sắp xong\nạ');
    expect(screen.getByText('16/2.000')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(api.send).toHaveBeenCalledWith(3, 'Dạ xe sắp xong\nạ', []);
    await waitFor(() => expect(within(threadMessages()).getAllByRole('listitem')).toHaveLength(3));
    expect(within(threadMessages()).getAllByRole('listitem')[2]).toHaveTextContent('Lê Thu Hà · Nhân viên');
    expect(box).toHaveValue('');
    // the last message of the centre now waits to be seen
    expect(within(threadMessages()).getAllByRole('listitem')[2]).toHaveTextContent('Đã gửi');
  });

  it('keeps the text and says why when sending fails', async () => {
    api.send.mockRejectedValue(new ApiError('Tin nhắn tối đa 2.000 ký tự.', 400, 'VALIDATION_ERROR'));
    renderMessagesPage('/staff/messages?thread=3');
    const box = await screen.findByRole('textbox', { name: 'Nội dung tin nhắn' });
    await userEvent.type(box, 'Xin chào');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tin nhắn tối đa 2.000 ký tự.');
    expect(box).toHaveValue('Xin chào');
  });

  it('a quick reply fills the box, to edit before sending', async () => {
    renderMessagesPage('/staff/messages?thread=3');
    const quick = await screen.findByRole('group', { name: 'Trả lời nhanh' });
    await userEvent.click(within(quick).getByRole('button', { name: CONVERSATION_QUICK_REPLIES[1] }));
    expect(screen.getByRole('textbox', { name: 'Nội dung tin nhắn' })).toHaveValue(CONVERSATION_QUICK_REPLIES[1]);
    expect(screen.getByRole('textbox', { name: 'Nội dung tin nhắn' })).toHaveFocus();
    expect(api.send).not.toHaveBeenCalled();
  });

  it('uploads photos first and sends their ids with the message', async () => {
    api.uploadPhoto.mockResolvedValue({ id: 77, url: '/api/staff/conversations/3/photos/77', width: 800, height: 600 });
    api.send.mockResolvedValue(message(42, { side: 'centre', authorName: 'Lê Thu Hà · Nhân viên', text: '', photos: [] }));
    renderMessagesPage('/staff/messages?thread=3');
    const input = await screen.findByLabelText('Đính kèm ảnh');
    const file = new File([new Uint8Array(10)], 'lop.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, file);
    expect(api.uploadPhoto).toHaveBeenCalledWith(3, file);
    expect(await screen.findByRole('button', { name: 'Bỏ ảnh 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gửi' }));
    expect(api.send).toHaveBeenCalledWith(3, '', [77]);
  });

  it('“Nhận xử lý” assigns the thread to me with the version seen', async () => {
    api.assign.mockResolvedValue(summary({ assignee: { id: 3, fullName: 'Lê Thu Hà' }, version: 5 }));
    renderMessagesPage('/staff/messages?thread=3');
    await userEvent.click(await screen.findByRole('button', { name: 'Nhận xử lý' }));
    expect(api.assign).toHaveBeenCalledWith(3, 3, 4);
    expect(await screen.findByText('Đã phân công cho Lê Thu Hà.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nhận xử lý' })).not.toBeInTheDocument();
  });

  it('explains a 409 on assign in Vietnamese and reads the thread again', async () => {
    api.assign.mockRejectedValue(new ApiError('Hội thoại đã được người khác phân công.', 409, 'STALE_VERSION'));
    renderMessagesPage('/staff/messages?thread=3');
    const select = await screen.findByRole('combobox', { name: 'Người phụ trách' });
    await userEvent.selectOptions(select, 'Phạm Minh');
    api.thread.mockResolvedValue(thread({ conversation: summary({ assignee: { id: 8, fullName: 'Phạm Minh' }, version: 6, unreadCount: 0 }) }));
    const inboxCalls = api.inbox.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Phân công' }));
    expect(api.assign).toHaveBeenCalledWith(3, 8, 4);
    expect(await screen.findByRole('alert')).toHaveTextContent('Hội thoại đã được người khác phân công. Đã tải lại thông tin mới nhất, vui lòng kiểm tra rồi thao tác lại.');
    expect(await screen.findByText('Người phụ trách: Phạm Minh')).toBeInTheDocument();
    expect(api.inbox.mock.calls.length).toBeGreaterThan(inboxCalls);
  });

  it('closes and reopens the thread with its version', async () => {
    api.setStatus.mockResolvedValue(summary({ status: 'closed', version: 5 }));
    renderMessagesPage('/staff/messages?thread=3');
    await userEvent.click(await screen.findByRole('button', { name: 'Đóng hội thoại' }));
    expect(api.setStatus).toHaveBeenCalledWith(3, 'closed', 4);
    expect(await screen.findByRole('button', { name: 'Mở lại hội thoại' })).toBeInTheDocument();
    expect(screen.getByText('Đã đóng hội thoại.')).toBeInTheDocument();
  });

  it('a floor-changed conversation event reads the inbox and the open thread again', async () => {
    renderMessagesPage('/staff/messages?thread=3');
    await screen.findByRole('list', { name: 'Tin nhắn' });
    const inboxCalls = api.inbox.mock.calls.length;
    const threadCalls = api.thread.mock.calls.length;

    api.inbox.mockResolvedValue(list([summary({ unreadCount: 1, lastMessage: { side: 'customer', text: 'Cảm ơn trung tâm', hasPhotos: false, createdAt: '2026-11-27T02:20:00.000Z' } }), other]));
    api.thread.mockResolvedValue(thread({ messages: [...thread().messages, message(43, { text: 'Cảm ơn trung tâm', createdAt: '2026-11-27T02:20:00.000Z' })], conversation: summary({ unreadCount: 1 }) }));
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'conversation', appointmentId: null, conversationId: 3 })));

    await waitFor(() => expect(within(threadMessages()).getAllByRole('listitem')).toHaveLength(3));
    expect(api.inbox.mock.calls.length).toBe(inboxCalls + 1);
    expect(api.thread.mock.calls.length).toBe(threadCalls + 1);
    expect(await within(inbox()).findByText('Cảm ơn trung tâm')).toBeInTheDocument();
    await waitFor(() => expect(api.markRead).toHaveBeenLastCalledWith(3, 43));

    // another thread's change reads the inbox only; a service order's change reads nothing
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'conversation', appointmentId: null, conversationId: 5 })));
    await waitFor(() => expect(api.inbox.mock.calls.length).toBe(inboxCalls + 2));
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'service-order', appointmentId: null, serviceOrderId: 7 })));
    expect(api.thread.mock.calls.length).toBe(threadCalls + 1);
    expect(api.inbox.mock.calls.length).toBe(inboxCalls + 2);
  });

  it('on a phone the thread has a way back to the inbox', async () => {
    renderMessagesPage('/staff/messages?thread=3');
    expect(await screen.findByRole('link', { name: 'Quay lại hộp thư' })).toHaveAttribute('href', '/staff/messages');
  });
});

describe('/staff/messages, more threads', () => {
  beforeEach(() => {
    jest.resetAllMocks();
    subscribe.mockImplementation(() => () => undefined);
    api.assignees.mockResolvedValue([]);
  });

  it('“Xem thêm hội thoại” adds the next page under the first, and a failure keeps the rows shown', async () => {
    api.inbox.mockResolvedValueOnce(list([summary()], { total: 2 }));
    api.inbox.mockRejectedValueOnce(new ApiError('Không thể kết nối tới máy chủ.', 0, 'NETWORK'));
    api.inbox.mockResolvedValueOnce(list([other], { total: 2, page: 2 }));
    renderMessagesPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Xem thêm hội thoại' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không thể kết nối tới máy chủ.');
    expect(screen.getByTestId('conversation-3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Xem thêm hội thoại' }));
    expect(await screen.findByTestId('conversation-5')).toBeInTheDocument();
    expect(api.inbox).toHaveBeenLastCalledWith({ filter: 'open', q: '', page: 2 }, expect.anything());
    expect(screen.queryByRole('button', { name: 'Xem thêm hội thoại' })).not.toBeInTheDocument();
  });
});
