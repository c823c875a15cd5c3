import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { messagesApi } from '../../src/messages/messagesApi';
import { centreUnread } from '../../src/messages/unreadTotal';
import { pages } from '../../src/routes';
import { list, summary, thread } from './messageFixtures';

jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));
jest.mock('../../src/messages/messagesApi', () => ({
  messagesApi: { inbox: jest.fn(), thread: jest.fn(), assignees: jest.fn(), markRead: jest.fn(), serviceOrderThread: jest.fn(), uploadPhoto: jest.fn(), send: jest.fn(), assign: jest.fn(), setStatus: jest.fn() },
}));

const api = jest.mocked(messagesApi);
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
  centreUnread.next(null);
  api.assignees.mockResolvedValue([]);
  api.markRead.mockResolvedValue({ unreadCount: 0, unreadTotal: 1 });
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

    act(() => centreUnread.next(0));
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
