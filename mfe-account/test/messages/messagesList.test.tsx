import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import { ContactCentreButton, MessagesPage } from '../../src/messages';
import { currentLocation, fail, logIn, ok, renderAccountPage } from '../helpers';
import { conversation, mockApi } from './messageFixtures';

const list = (items: unknown[], total = items.length) => ok({ items, total, page: 1, pageSize: 20, unreadTotal: 2 });

beforeEach(() => logIn());
afterEach(() => sessionStore.clear());

describe('/messages', () => {
  it('lists the threads: subject, centre, last message, unread count and time in Vietnam', async () => {
    mockApi(() =>
      list([
        conversation({ unreadCount: 2, lastMessage: { side: 'centre', text: 'Xe đã sẵn sàng ạ', hasPhotos: false, createdAt: '2026-11-27T03:10:00.000Z' } }),
        conversation({ id: 13, subject: { kind: 'order', id: 8, label: 'Đơn hàng EV2611-0042' }, centreName: 'EV Service Thủ Đức', lastMessage: { side: 'customer', text: '', hasPhotos: true, createdAt: '2026-11-26T17:30:00.000Z' } }),
      ]),
    );
    renderAccountPage('/messages', <MessagesPage />);
    const rows = await screen.findAllByTestId('conversation');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/messages/12');
    expect(rows[0]).toHaveTextContent('Lịch hẹn 27/11/2026 09:00 · 51K-123.45');
    expect(rows[0]).toHaveTextContent('EV Service Quận 7');
    expect(rows[0]).toHaveTextContent('Xe đã sẵn sàng ạ');
    expect(rows[0]).toHaveTextContent('2 tin chưa đọc');
    expect(rows[0]).toHaveTextContent('27/11/2026 10:10');
    // 17:30 UTC is past midnight in Ho Chi Minh City
    expect(rows[1]).toHaveTextContent('27/11/2026 00:30');
    expect(rows[1]).toHaveTextContent('Bạn: [Hình ảnh]');
    expect(rows[1]).not.toHaveTextContent('chưa đọc');
  });

  it('says so in Vietnamese when there is no thread yet', async () => {
    mockApi(() => list([]));
    renderAccountPage('/messages', <MessagesPage />);
    expect(await screen.findByText(/Bạn chưa có cuộc trò chuyện nào/)).toBeInTheDocument();
  });

  it('moves a thread up with its new message live', async () => {
    const api = mockApi(() => list([conversation({ id: 13, subject: { kind: 'order', id: 8, label: 'Đơn hàng EV2611-0042' } }), conversation()]));
    renderAccountPage('/messages', <MessagesPage />);
    await screen.findAllByTestId('conversation');
    await waitFor(() => expect(api.stream.opened).toBe(1));
    act(() =>
      api.send('conversation-message', {
        conversationId: 12,
        message: { id: 5, conversationId: 12, side: 'centre', authorName: 'Trần Thị B', text: 'Mời anh chị đến nhận xe', photos: [], createdAt: '2026-11-27T04:00:00.000Z' },
        unreadCount: 1,
        unreadTotal: 1,
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('conversation')[0]).toHaveTextContent('Mời anh chị đến nhận xe'));
    expect(screen.getAllByTestId('conversation')[0]).toHaveTextContent('1 tin chưa đọc');
  });
});

describe('"Nhắn trung tâm"', () => {
  it('opens the subject\'s thread and goes to it', async () => {
    const api = mockApi((call) => (call.method === 'POST' && call.path === '/api/conversations' ? ok(conversation({ id: 44 })) : fail(404, 'Không tìm thấy')));
    renderAccountPage('/orders/:code', <ContactCentreButton subject={{ kind: 'order', id: 8 }} />, '/orders/EV2611-0042');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Nhắn trung tâm' }));
    await waitFor(() => expect(currentLocation()).toBe('/messages/44'));
    expect(api.calls[0]?.body).toEqual({ subject: { kind: 'order', id: 8 } });
  });

  it('explains a refusal in Vietnamese', async () => {
    mockApi(() => fail(404, 'Không tìm thấy lịch hẹn.'));
    renderAccountPage('/orders/:code', <ContactCentreButton subject={{ kind: 'appointment', id: 8 }} />, '/orders/EV2611-0042');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Nhắn trung tâm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không tìm thấy lịch hẹn.');
    expect(currentLocation()).toBe('/orders/EV2611-0042');
  });
});
