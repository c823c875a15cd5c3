import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventBus, sessionStore } from 'shared-contracts';
import { stopLiveNotifications } from '../../src/notifications/liveLoader';
import { fakeRemoteRoutes } from '../remoteLoaderMock';
import { renderShell } from '../renderShell';
import { setMobileViewport } from '../setup';

jest.mock('../../src/federation/remoteLoader', () => ({
  loadRemoteRoutes: jest.fn(async (remote: 'mfe_storefront' | 'mfe_account' | 'mfe_backoffice') => fakeRemoteRoutes(remote)),
  loadRemoteModule: jest.fn(async () => ({ default: () => null })),
  resetRemote: jest.fn(async () => undefined),
}));

const customer = { id: '42', fullName: 'Nguyễn Văn An', email: 'an@example.vn', role: 'customer' as const, emailVerified: true, avatar: null };
const staff = { id: '7', fullName: 'Trần Thị Bình', email: 'binh@example.vn', role: 'staff' as const, emailVerified: true, avatar: null };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const notification = (id: number, title: string, readAt: string | null, link: string | null = `/orders/EV${id}`) => ({
  id,
  kind: 'order_shipped',
  topic: 'order',
  title,
  body: `Nội dung ${id}`,
  link,
  createdAt: minutesAgo(id),
  readAt,
});

interface Server {
  unreadCount: number;
  items: ReturnType<typeof notification>[];
  puts: unknown[];
  streams: { push: (text: string) => void; signal: AbortSignal | null }[];
}

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, message: '', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The notification centre's routes as the API answers them, with the event stream held open for the test to write to. */
function serve(server: Server) {
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === '/api/Auth/profile') return ok(sessionStore.current?.user ?? null);
    if (url.pathname === '/api/notifications/unread-count') return ok({ unreadCount: server.unreadCount });
    if (url.pathname === '/api/notifications' && init?.method === 'GET') return ok({ items: server.items, hasMore: false, unreadCount: server.unreadCount });
    if (url.pathname === '/api/notifications/read' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { ids?: number[]; all?: true };
      server.puts.push(body);
      server.unreadCount = body.all ? 0 : Math.max(0, server.unreadCount - (body.ids?.length ?? 0));
      return ok({ unreadCount: server.unreadCount });
    }
    if (url.pathname === '/api/notifications/events') {
      const encoder = new TextEncoder();
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      server.streams.push({ push: (text) => controller.enqueue(encoder.encode(text)), signal: init?.signal ?? null });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return new Response('', { status: 404 });
  }) as unknown as typeof fetch;
}

function newServer(partial: Partial<Server> = {}): Server {
  const server: Server = { unreadCount: 3, items: [], puts: [], streams: [], ...partial };
  serve(server);
  return server;
}

const bell = () => screen.findByTestId('notification-bell');

describe('the notification bell', () => {
  afterEach(() => {
    // unmount first: the session reset is for the next test, not a change for this one's screen to render
    cleanup();
    stopLiveNotifications();
    sessionStore.clear();
  });

  it('is not there for a guest', async () => {
    newServer();
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Thông báo/ })).not.toBeInTheDocument();
  });

  it('shows the unread count after sign-in, named with its visible text', async () => {
    newServer({ unreadCount: 3 });
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    renderShell('/');
    expect(await screen.findByRole('button', { name: 'Thông báo: 3 chưa đọc' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('3');
  });

  it('counts a notification the stream brings and shows it as a toast', async () => {
    const server = newServer({ unreadCount: 1 });
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    renderShell('/');
    await screen.findByRole('button', { name: 'Thông báo: 1 chưa đọc' });
    await waitFor(() => expect(server.streams).toHaveLength(1));
    act(() => server.streams[0]!.push(`event: notification\ndata: ${JSON.stringify({ notification: notification(9, 'Xe của bạn đã sẵn sàng', null), unreadCount: 2 })}\n\n`));
    expect(await screen.findByRole('button', { name: 'Thông báo: 2 chưa đọc' })).toBeInTheDocument();
    expect(await screen.findByText('Xe của bạn đã sẵn sàng')).toBeInTheDocument();
  });

  it('takes the count a remote publishes on the bus, 99+ above 99', async () => {
    newServer({ unreadCount: 0 });
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    renderShell('/');
    expect(await bell()).toHaveAccessibleName('Thông báo');
    await waitFor(() => expect(global.fetch).toHaveBeenCalledWith(expect.stringContaining('/api/notifications/events'), expect.anything()));
    act(() => eventBus.publish('notifications/unread-changed', { unreadCount: 5 }));
    expect(await screen.findByRole('button', { name: 'Thông báo: 5 chưa đọc' })).toBeInTheDocument();
    act(() => eventBus.publish('notifications/unread-changed', { unreadCount: 120 }));
    expect(await screen.findByRole('button', { name: 'Thông báo: 99+ chưa đọc' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+');
  });

  it('lists the latest notifications; a click marks one read and opens its link', async () => {
    const server = newServer({ unreadCount: 1, items: [notification(2, 'Đơn hàng đã giao cho đơn vị vận chuyển', null), notification(90, 'Lịch hẹn đã xác nhận', minutesAgo(80))] });
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    const { router } = renderShell('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Thông báo: 1 chưa đọc' }));
    const panel = await screen.findByRole('dialog', { name: 'Thông báo' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('button')!.getAttribute('data-unread'))).toEqual(['true', 'false']);
    expect(items[0]).toHaveTextContent('Chưa đọc: Đơn hàng đã giao cho đơn vị vận chuyển');
    expect(items[0]).toHaveTextContent('2 phút trước');
    expect(items[1]).toHaveTextContent('1 giờ trước');
    expect(within(panel).getByRole('link', { name: 'Xem tất cả' })).toHaveAttribute('href', '/notifications');
    const fetchCalls = (global.fetch as jest.Mock).mock.calls.map(([url]) => String(url));
    expect(fetchCalls).toContain('http://localhost/api/notifications?limit=10');

    fireEvent.click(within(items[0]!).getByRole('button'));
    await waitFor(() => expect(server.puts).toEqual([{ ids: [2] }]));
    expect(router.state.location.pathname).toBe('/orders/EV2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Thông báo' })).toBeInTheDocument();
  });

  it('marks every notification read', async () => {
    const server = newServer({ unreadCount: 2, items: [notification(1, 'Một', null), notification(2, 'Hai', null)] });
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    renderShell('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Thông báo: 2 chưa đọc' }));
    const panel = await screen.findByRole('dialog', { name: 'Thông báo' });
    await within(panel).findAllByRole('listitem');
    fireEvent.click(within(panel).getByRole('button', { name: 'Đánh dấu tất cả đã đọc' }));
    await waitFor(() => expect(server.puts).toEqual([{ all: true }]));
    expect(await screen.findByRole('button', { name: 'Thông báo' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Đánh dấu tất cả đã đọc' })).toBeDisabled();
    expect(panel.querySelectorAll('[data-unread="true"]')).toHaveLength(0);
  });

  it('says when there is nothing yet', async () => {
    newServer({ unreadCount: 0, items: [] });
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    renderShell('/');
    fireEvent.click(await bell());
    expect(await within(await screen.findByRole('dialog', { name: 'Thông báo' })).findByText('Chưa có thông báo nào')).toBeInTheDocument();
  });

  it('works from the keyboard: the panel takes the focus, Escape closes it and gives the focus back', async () => {
    newServer({ unreadCount: 0, items: [notification(1, 'Một', null)] });
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    const user = userEvent.setup();
    renderShell('/');
    const button = await bell();
    button.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Thông báo' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', panel.id);
    await waitFor(() => expect(panel).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside', async () => {
    newServer({ unreadCount: 0 });
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    renderShell('/');
    fireEvent.click(await bell());
    await screen.findByRole('dialog', { name: 'Thông báo' });
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is in the mobile header too', async () => {
    setMobileViewport(true);
    newServer({ unreadCount: 4 });
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    renderShell('/');
    expect(await screen.findByRole('button', { name: 'Thông báo: 4 chưa đọc' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveAttribute('data-layout', 'mobile');
  });

  it('closes the stream and goes away at logout', async () => {
    const server = newServer({ unreadCount: 2 });
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: customer });
    renderShell('/');
    await screen.findByRole('button', { name: 'Thông báo: 2 chưa đọc' });
    await waitFor(() => expect(server.streams).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Đăng xuất' }));
    await waitFor(() => expect(server.streams[0]!.signal?.aborted).toBe(true));
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
  });

  it('is in the work bar for staff, without the customer page link', async () => {
    newServer({ unreadCount: 6, items: [] });
    sessionStore.save({ token: 'access', refreshToken: 'refresh', user: staff });
    renderShell('/staff');
    const button = await screen.findByRole('button', { name: 'Thông báo: 6 chưa đọc' });
    expect(button.closest('[data-role-layout="staff"]')).not.toBeNull();
    fireEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Thông báo' });
    await within(panel).findByText('Chưa có thông báo nào');
    expect(within(panel).queryByRole('link', { name: 'Xem tất cả' })).not.toBeInTheDocument();
  });
});
