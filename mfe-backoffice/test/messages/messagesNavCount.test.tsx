import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { subscribeFloorEvents, type FloorEventsOptions } from '../../src/floorEvents/floorEvents';
import { inventoryApi } from '../../src/inventory/inventoryApi';
import { messagesApi } from '../../src/messages/messagesApi';
import { NAV_COUNT_PAUSE_MS } from '../../src/messages/MessagesNavCount';
import { scopeUnread } from '../../src/messages/unreadTotal';
import { pages } from '../../src/routes';
import { CENTRES } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';
import { floorChange } from '../staffFixtures';
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

describe('a manager’s “Tin nhắn” on another page', () => {
  beforeEach(() => signIn('manager'));
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('follows a new message at their centre without a reload, on their centre’s stream', async () => {
    jest.useFakeTimers();
    const elapse = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
    try {
      api.inbox.mockResolvedValue(list([summary()], { unreadTotal: 4, scopeUnreadTotal: 4 }));
      renderAt('/manager/ratings', '/manager/ratings');
      await waitFor(() => expect(navLink('Khu vực quản lý')).toHaveAccessibleName('Tin nhắn 4 tin chưa đọc'));
      // their own centre's stream (the one the page's own would share), not every centre's
      const streams = subscribe.mock.calls.map(([options]) => options as FloorEventsOptions);
      expect(streams).toHaveLength(1);
      expect(streams[0]).toMatchObject({ everyCentre: false });
      expect(streams[0]!.centreId).toBeUndefined();

      const reads = api.inbox.mock.calls.length;
      api.inbox.mockResolvedValue(list([summary()], { unreadTotal: 5, scopeUnreadTotal: 5 }));
      act(() => streams[0]!.onChange(floorChange({ centreId: 1, kind: 'conversation', appointmentId: null, conversationId: 3 })));
      await elapse(NAV_COUNT_PAUSE_MS);
      await waitFor(() => expect(navLink('Khu vực quản lý')).toHaveAccessibleName('Tin nhắn 5 tin chưa đọc'));
      expect(api.inbox).toHaveBeenCalledTimes(reads + 1);
    } finally {
      cleanup();
      jest.useRealTimers();
    }
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

  it('follows a new message and a read at a centre the inbox does not show, one read per burst, without a reload', async () => {
    jest.useFakeTimers();
    const elapse = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
    try {
      renderAt('/staff/messages?centre=1', '/staff/messages');
      await waitFor(() => expect(navLink('Khu vực quản trị')).toHaveAccessibleName('Tin nhắn 9 tin chưa đọc'));
      // the inbox hears centre 1; the count every centre's conversations
      const streams = subscribe.mock.calls.map(([options]) => options as FloorEventsOptions);
      expect(streams.filter((options) => options.centreId === 1)).toHaveLength(1);
      const everyCentre = streams.filter((options) => options.everyCentre);
      expect(everyCentre).toHaveLength(1);
      const stream = everyCentre[0]!;

      // a customer writes three times to centre 2: one read of the count, once the burst is over
      const reads = api.inbox.mock.calls.length;
      api.inbox.mockResolvedValue(list([summary()], { unreadTotal: 4, scopeUnreadTotal: 12 }));
      const atDanang = floorChange({ centreId: 2, kind: 'conversation', appointmentId: null, conversationId: 5 });
      act(() => {
        for (let i = 0; i < 3; i += 1) stream.onChange(atDanang);
        stream.onChange(floorChange({ centreId: 2, kind: 'service-order', appointmentId: null, serviceOrderId: 7 }));
      });
      expect(api.inbox).toHaveBeenCalledTimes(reads);
      await elapse(NAV_COUNT_PAUSE_MS);
      await waitFor(() => expect(navLink('Khu vực quản trị')).toHaveAccessibleName('Tin nhắn 12 tin chưa đọc'));
      expect(api.inbox).toHaveBeenCalledTimes(reads + 1);
      expect(api.inbox).toHaveBeenLastCalledWith({ filter: 'unread', page: 1, pageSize: 1 }, expect.anything());

      // centre 2's staff read the thread: the count comes down
      api.inbox.mockResolvedValue(list([summary()], { unreadTotal: 4, scopeUnreadTotal: 9 }));
      act(() => stream.onChange(atDanang));
      await elapse(NAV_COUNT_PAUSE_MS);
      await waitFor(() => expect(navLink('Khu vực quản trị')).toHaveAccessibleName('Tin nhắn 9 tin chưa đọc'));
      expect(api.inbox).toHaveBeenCalledTimes(reads + 2);

      // another kind of change reads nothing; the stream back after a drop reads once (changes may have been missed)
      act(() => stream.onChange(floorChange({ centreId: 2, kind: 'payment', appointmentId: null })));
      await elapse(NAV_COUNT_PAUSE_MS);
      expect(api.inbox).toHaveBeenCalledTimes(reads + 2);
      api.inbox.mockResolvedValue(list([summary()], { unreadTotal: 4, scopeUnreadTotal: 10 }));
      act(() => stream.onOpen?.({ reconnected: true }));
      await elapse(NAV_COUNT_PAUSE_MS);
      await waitFor(() => expect(navLink('Khu vực quản trị')).toHaveAccessibleName('Tin nhắn 10 tin chưa đọc'));
      expect(api.inbox).toHaveBeenCalledTimes(reads + 3);
    } finally {
      cleanup();
      jest.useRealTimers();
    }
  });
});
