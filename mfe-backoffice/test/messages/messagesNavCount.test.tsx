import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { inventoryApi } from '../../src/inventory/inventoryApi';
import { messagesApi } from '../../src/messages/messagesApi';
import { scopeUnread } from '../../src/messages/unreadTotal';
import { pages } from '../../src/routes';
import { CENTRES } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';
import { list, readResult, summary, thread } from './messageFixtures';

jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));
jest.mock('../../src/inventory/inventoryApi', () => ({ inventoryApi: { centres: jest.fn() } }));
jest.mock('../../src/messages/messagesApi', () => ({
  messagesApi: { inbox: jest.fn(), thread: jest.fn(), assignees: jest.fn(), markRead: jest.fn(), serviceOrderThread: jest.fn(), uploadPhoto: jest.fn(), send: jest.fn(), assign: jest.fn(), setStatus: jest.fn() },
}));

const api = jest.mocked(messagesApi);
const inventory = jest.mocked(inventoryApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;
const pageAt = (path: string) => pages.find((page) => page.path === path)!;

function renderAt(url: string, path: string) {
  const { Component } = pageAt(path);
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={<Component />} />
      </Routes>
    </MemoryRouter>,
  );
}

const navLink = (area = 'Khu vực nhân viên') => within(screen.getByRole('navigation', { name: area })).getByRole('link', { name: /^Tin nhắn/ });

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  scopeUnread.next(null);
  api.assignees.mockResolvedValue([]);
  api.markRead.mockResolvedValue(readResult(1));
});

describe('the staff navigation’s “Tin nhắn”', () => {
  it('shows the centre’s unread messages, read with one row asked for', async () => {
    api.inbox.mockResolvedValue(list([summary()], { unreadTotal: 3, total: 5 }));
    renderAt('/staff/web-orders', '/staff/web-orders');
    await waitFor(() => expect(navLink()).toHaveAccessibleName('Tin nhắn 3 tin chưa đọc'));
    expect(api.inbox).toHaveBeenCalledWith({ filter: 'unread', page: 1, pageSize: 1 }, expect.anything());
  });

  it('says nothing more when nothing is unread, and follows the inbox as it marks a thread read', async () => {
    api.inbox.mockResolvedValue(list([summary()], { unreadTotal: 2 }));
    api.thread.mockResolvedValue(thread());
    renderAt('/staff/messages?thread=3', '/staff/messages');
    await waitFor(() => expect(navLink()).toHaveAccessibleName('Tin nhắn 2 tin chưa đọc'));
    await waitFor(() => expect(api.markRead).toHaveBeenCalledWith(3, 41));
    await waitFor(() => expect(navLink()).toHaveAccessibleName('Tin nhắn 1 tin chưa đọc'));

    act(() => scopeUnread.next(0));
    await waitFor(() => expect(navLink()).toHaveAccessibleName('Tin nhắn'));
  });

  it.each([
    ['/manager/ratings', 'Khu vực quản lý'],
    ['/admin/reviews', 'Khu vực quản trị'],
  ])('is in the manager’s and the admin’s navigation too (%s), with the count', async (path, area) => {
    api.inbox.mockResolvedValue(list([summary()], { unreadTotal: 4 }));
    renderAt(path, path);
    await waitFor(() => expect(navLink(area)).toHaveAccessibleName('Tin nhắn 4 tin chưa đọc'));
    expect(navLink(area)).toHaveAttribute('href', '/staff/messages');
  });
});

describe('an admin’s “Tin nhắn”', () => {
  /** The first centre's thread 3 (4 unread at that centre), centre 2's thread 5 (2 there); 9 across every centre. */
  const danang = summary({ id: 5, centreId: 2, centreName: 'EV Service Đà Nẵng', customerName: 'Trần Thị Bình', unreadCount: 2 });
  const inboxRegion = () => screen.getByRole('region', { name: 'Hộp thư' });

  beforeEach(() => {
    signIn('admin');
    inventory.centres.mockResolvedValue(CENTRES);
    api.inbox.mockImplementation(async ({ centreId }) => (centreId === 2 ? list([danang], { unreadTotal: 2, scopeUnreadTotal: 9 }) : list([summary()], { unreadTotal: 4, scopeUnreadTotal: 9 })));
    api.thread.mockResolvedValue(thread({ conversation: danang }));
  });
  // unmounted before signing out: the page would hear the session end outside act
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('counts every centre’s unread messages, not the first centre’s', async () => {
    renderAt('/admin/reviews', '/admin/reviews');
    await waitFor(() => expect(navLink('Khu vực quản trị')).toHaveAccessibleName('Tin nhắn 9 tin chưa đọc'));
    // asked without a centre: the first centre's page, every centre's count
    expect(api.inbox).toHaveBeenCalledWith({ filter: 'unread', page: 1, pageSize: 1 }, expect.anything());
  });

  it('keeps every centre’s count while the inbox shows one centre, and lowers it as a thread there is read', async () => {
    let read: (value: ReturnType<typeof readResult>) => void = () => undefined;
    api.markRead.mockReturnValue(new Promise((resolve) => (read = resolve)));
    renderAt('/staff/messages?centre=2&thread=5', '/staff/messages');
    // the inbox shows centre 2's figure; the navigation keeps every centre's, whichever answer came last
    await waitFor(() => expect(within(inboxRegion()).getByRole('status')).toHaveTextContent('2 tin chưa đọc'));
    expect(api.inbox).toHaveBeenCalledWith({ filter: 'open', q: '', page: 1, centreId: 2 }, expect.anything());
    await waitFor(() => expect(navLink('Khu vực quản trị')).toHaveAccessibleName('Tin nhắn 9 tin chưa đọc'));

    // thread 5 read: centre 2 has none left, every centre 7 (the server's count), without a reload
    await waitFor(() => expect(api.markRead).toHaveBeenCalledWith(5, 41));
    const inboxReads = api.inbox.mock.calls.length;
    await act(async () => read(readResult(0, 7)));
    await waitFor(() => expect(navLink('Khu vực quản trị')).toHaveAccessibleName('Tin nhắn 7 tin chưa đọc'));
    expect(within(inboxRegion()).getByRole('status')).toHaveTextContent('Không có tin chưa đọc');
    expect(api.inbox).toHaveBeenCalledTimes(inboxReads);
  });
});
