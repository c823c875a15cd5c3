import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventBus, sessionStore } from 'shared-contracts';
import { NotificationsPage } from '../../src/notifications';
import { currentLocation, fail, logIn, ok, renderAccountPage } from '../helpers';
import { mockApi, notification } from '../messages/messageFixtures';

let bell: number[] = [];
let subscription: { unsubscribe(): void } | null = null;

beforeEach(() => {
  logIn();
  bell = [];
  subscription = eventBus.on('notifications/unread-changed').subscribe(({ unreadCount }) => bell.push(unreadCount));
});
afterEach(() => {
  subscription?.unsubscribe();
  sessionStore.clear();
});

describe('/notifications', () => {
  it('lists them newest first, the unread marked, and tells the bell the count', async () => {
    mockApi(() => ok({ items: [notification({ id: 3 }), notification({ id: 2, readAt: '2026-11-27T02:10:00.000Z' })], hasMore: false, unreadCount: 1 }));
    renderAccountPage('/notifications', <NotificationsPage />);
    const items = await screen.findAllByTestId('notification');
    expect(items.map((item) => item.getAttribute('data-unread'))).toEqual(['true', 'false']);
    expect(items[0]).toHaveTextContent('Chưa đọc');
    expect(items[0]).toHaveTextContent('Thông báo 3');
    expect(items[0]).toHaveTextContent('27/11/2026 09:00');
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('Bạn có 1 thông báo chưa đọc.');
    expect(bell).toEqual([1]);
  });

  it('says "hơn 99" when the count reaches the API\'s cap, as the bell says 99+', async () => {
    mockApi(() => ok({ items: [notification({ id: 3 })], hasMore: true, unreadCount: 100 }));
    renderAccountPage('/notifications', <NotificationsPage />);
    await screen.findAllByTestId('notification');
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('Bạn có hơn 99 thông báo chưa đọc.');
    expect(bell).toEqual([100]);
  });

  it('a click marks it read, publishes the new count on the bus and follows its link', async () => {
    const api = mockApi((call) =>
      call.method === 'PUT' ? ok({ unreadCount: 4 }) : ok({ items: [notification({ id: 9, link: '/messages/12' })], hasMore: false, unreadCount: 5 }),
    );
    renderAccountPage('/notifications', <NotificationsPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: /Thông báo 9/ }));
    await waitFor(() => expect(currentLocation()).toBe('/messages/12'));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ ids: [9] });
    expect(bell).toEqual([5, 4]);
  });

  it('"Đánh dấu tất cả đã đọc" reads every one and the bell goes to 0', async () => {
    const api = mockApi((call) => (call.method === 'PUT' ? ok({ unreadCount: 0 }) : ok({ items: [notification({ id: 2 }), notification({ id: 1 })], hasMore: false, unreadCount: 2 })));
    renderAccountPage('/notifications', <NotificationsPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Đánh dấu tất cả đã đọc' }));
    await waitFor(() => expect(screen.getAllByTestId('notification').map((item) => item.getAttribute('data-unread'))).toEqual(['false', 'false']));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ all: true });
    expect(bell).toEqual([2, 0]);
    expect(screen.getByRole('button', { name: 'Đánh dấu tất cả đã đọc' })).toBeDisabled();
  });

  it('explains a failed "mark all" in Vietnamese and keeps them unread', async () => {
    mockApi((call) => (call.method === 'PUT' ? fail(503, 'Hệ thống đang bận, vui lòng thử lại.') : ok({ items: [notification({ id: 2 })], hasMore: false, unreadCount: 1 })));
    renderAccountPage('/notifications', <NotificationsPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Đánh dấu tất cả đã đọc' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Hệ thống đang bận, vui lòng thử lại.');
    expect(screen.getByTestId('notification')).toHaveAttribute('data-unread', 'true');
  });

  it('"Xem thêm" reads the older ones', async () => {
    const api = mockApi((call) =>
      call.query.get('before') === '20'
        ? ok({ items: [notification({ id: 19, title: 'Cũ hơn' })], hasMore: false, unreadCount: 1 })
        : ok({ items: [notification({ id: 20 })], hasMore: true, unreadCount: 1 }),
    );
    renderAccountPage('/notifications', <NotificationsPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Xem thêm' }));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(2));
    expect(screen.getAllByTestId('notification')[1]).toHaveTextContent('Cũ hơn');
    expect(screen.queryByRole('button', { name: 'Xem thêm' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.query.get('before') === '20')).toBe(true);
  });

  it('shows a new one live, at the top', async () => {
    const api = mockApi(() => ok({ items: [notification({ id: 1, readAt: '2026-11-27T02:10:00.000Z' })], hasMore: false, unreadCount: 0 }));
    renderAccountPage('/notifications', <NotificationsPage />);
    await screen.findAllByTestId('notification');
    await waitFor(() => expect(api.stream.opened).toBe(1));
    act(() => api.send('notification', { notification: notification({ id: 2, title: 'Xe của bạn đã sẵn sàng' }), unreadCount: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(2));
    expect(screen.getAllByTestId('notification')[0]).toHaveTextContent('Xe của bạn đã sẵn sàng');
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('Bạn có 1 thông báo chưa đọc.');
    expect(screen.getByText('Thông báo mới: Xe của bạn đã sẵn sàng')).toBeInTheDocument();
  });

  it('says so when there is none', async () => {
    mockApi(() => ok({ items: [], hasMore: false, unreadCount: 0 }));
    renderAccountPage('/notifications', <NotificationsPage />);
    expect(await screen.findByText('Bạn chưa có thông báo nào.')).toBeInTheDocument();
  });
});
