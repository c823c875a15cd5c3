import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import { DEFAULT_NOTIFICATION_PREFERENCES } from 'shared-contracts/notifications';
import type { NotificationPreferences as Preferences } from 'shared-contracts/schemas';
import { NotificationPreferences } from '../../src/notificationPreferences';
import { fail, logIn, ok } from '../helpers';
import { mockApi, type ApiCall } from '../messages/messageFixtures';

const preferences = (reachable: Partial<Preferences['reachable']> = {}): Preferences => ({
  topics: JSON.parse(JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES)) as Preferences['topics'],
  reachable: { push: false, zalo: true, sms: true, email: true, ...reachable },
});

function preferencesApi(extra?: (call: ApiCall) => ReturnType<typeof ok> | undefined) {
  return mockApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/notifications/preferences' && call.method === 'GET') return ok(preferences());
    if (call.path === '/api/notifications/preferences' && call.method === 'PUT') return ok({ ...preferences(), topics: (call.body as Preferences).topics });
    return fail(404, 'Không tìm thấy');
  });
}

/** A browser that can subscribe: the permission it answers, and what it subscribed. */
function fakePushBrowser(permission: NotificationPermission) {
  let subscription: { endpoint: string; toJSON(): unknown; unsubscribe: jest.Mock } | null = null;
  const pushManager = {
    getSubscription: jest.fn(async () => subscription),
    subscribe: jest.fn(async () => {
      subscription = { endpoint: 'https://push.example/abc', toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'p256', auth: 'auth' } }), unsubscribe: jest.fn(async () => true) };
      return subscription;
    }),
  };
  const registration = { pushManager };
  let registered = false;
  const serviceWorker = {
    getRegistration: jest.fn(async () => (registered ? registration : undefined)),
    register: jest.fn(async () => {
      registered = true;
      return registration;
    }),
    ready: Promise.resolve(registration),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  Object.assign(window, { PushManager: function PushManager() {} });
  const requestPermission = jest.fn(async () => permission);
  Object.assign(globalThis, { Notification: { permission: 'default', requestPermission } });
  return { serviceWorker, pushManager, requestPermission, subscription: () => subscription };
}

beforeEach(() => logIn());
afterEach(() => {
  sessionStore.clear();
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  delete (window as unknown as Record<string, unknown>).PushManager;
  delete (globalThis as unknown as Record<string, unknown>).Notification;
});

describe('the profile\'s "Thông báo"', () => {
  it('shows topics by channels, disables a channel the account cannot be reached on and says why, and saves', async () => {
    const api = preferencesApi((call) => (call.method === 'GET' && call.path === '/api/notifications/preferences' ? ok(preferences({ zalo: false, sms: false })) : undefined));
    const user = userEvent.setup();
    render(<NotificationPreferences />);
    const table = await screen.findByRole('table', { name: 'Kênh nhận thông báo theo từng loại tin' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Loại tin', 'Thông báo trên trình duyệt', 'Zalo', 'SMS', 'Email']);
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Lịch hẹn', 'Xe tại trung tâm', 'Đơn hàng', 'Thanh toán', 'Tin nhắn', 'Khuyến mại']);

    const zalo = screen.getByRole('checkbox', { name: 'Lịch hẹn qua Zalo' });
    expect(zalo).toBeDisabled();
    expect(zalo).toHaveAccessibleDescription('Zalo: Thêm số điện thoại để nhận Zalo/SMS.');
    expect(screen.getByRole('checkbox', { name: 'Lịch hẹn qua Thông báo trên trình duyệt' })).toBeDisabled();
    // marketing is opt-in: off until the customer ticks it
    const marketingEmail = screen.getByRole('checkbox', { name: 'Khuyến mại qua Email' });
    expect(marketingEmail).not.toBeChecked();
    expect(marketingEmail).toHaveAccessibleDescription(/chỉ gửi khi bạn tự chọn nhận/);

    await user.click(marketingEmail);
    await user.click(screen.getByRole('checkbox', { name: 'Lịch hẹn qua Email' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('Đã lưu lựa chọn nhận thông báo.')).toBeInTheDocument();
    const saved = api.calls.find((call) => call.method === 'PUT')?.body as Pick<Preferences, 'topics'>;
    expect(saved.topics.marketing).toEqual({ push: false, zalo: false, sms: false, email: true });
    expect(saved.topics.booking.email).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Khuyến mại qua Email' })).toBeChecked();
  });

  it('explains a refused save in Vietnamese', async () => {
    preferencesApi((call) => (call.method === 'PUT' ? fail(400, 'Lựa chọn không hợp lệ.') : undefined));
    render(<NotificationPreferences />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Lưu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Lựa chọn không hợp lệ.');
  });

  it('turns on push: registers the service worker, subscribes with the VAPID key and hands the subscription to the API', async () => {
    const browser = fakePushBrowser('granted');
    const api = preferencesApi((call) => (call.path === '/api/notifications/push-key' ? ok({ publicKey: 'BEl6aGVsbG8' }) : call.path === '/api/notifications/push-subscriptions' ? { status: 201, body: { success: true, message: 'OK', data: { id: 1 } } } : undefined));
    const user = userEvent.setup();
    render(<NotificationPreferences />);
    await user.click(await screen.findByRole('button', { name: 'Bật thông báo trên trình duyệt' }));

    expect(await screen.findByText('Đã bật thông báo trên trình duyệt này.')).toBeInTheDocument();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/push-sw.js', { scope: '/' });
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ endpoint: 'https://push.example/abc', keys: { p256dh: 'p256', auth: 'auth' } });
    // the table reads what is reachable again
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/notifications/preferences' && call.method === 'GET')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Tắt' }));
    expect(await screen.findByText('Đã tắt thông báo trên trình duyệt này.')).toBeInTheDocument();
    const removal = api.calls.find((call) => call.method === 'DELETE');
    expect(removal?.path).toBe('/api/notifications/push-subscriptions');
    expect(removal?.query.get('endpoint')).toBe('https://push.example/abc');
    expect(browser.subscription()?.unsubscribe).toHaveBeenCalled();
  });

  it('says in Vietnamese that the permission was refused', async () => {
    const browser = fakePushBrowser('denied');
    const api = preferencesApi((call) => (call.path === '/api/notifications/push-key' ? ok({ publicKey: 'BEl6aGVsbG8' }) : undefined));
    render(<NotificationPreferences />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Bật thông báo trên trình duyệt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn đã chặn thông báo của trang này.');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('explains that push is not available when the server has no key', async () => {
    const browser = fakePushBrowser('granted');
    preferencesApi((call) => (call.path === '/api/notifications/push-key' ? ok({ publicKey: null }) : undefined));
    render(<NotificationPreferences />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Bật thông báo trên trình duyệt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Máy chủ hiện chưa hỗ trợ thông báo trên trình duyệt.');
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('says when the browser cannot receive push at all', async () => {
    preferencesApi();
    render(<NotificationPreferences />);
    expect(await screen.findByText(/Trình duyệt này không hỗ trợ thông báo đẩy/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bật thông báo trên trình duyệt' })).not.toBeInTheDocument();
  });
});
