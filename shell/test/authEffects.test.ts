import { EventBus, SessionStore, STORAGE_KEYS, type BusEvents } from 'shared-contracts';
import { startAuthEffects } from '../src/auth/authEffects';

const user = { id: '1', fullName: 'Trần Thị Bình', email: 'binh@example.vn', role: 'customer' as const, emailVerified: true, avatar: null };

function collectToasts(bus: EventBus): BusEvents['toast/show'][] {
  const toasts: BusEvents['toast/show'][] = [];
  bus.on('toast/show').subscribe((toast) => toasts.push(toast));
  return toasts;
}

describe('auth effects', () => {
  it('shows the login toast once per browser session, for 3 s', () => {
    const bus = new EventBus();
    const store = new SessionStore(localStorage);
    const toasts = collectToasts(bus);
    const stop = startAuthEffects(bus, store);
    bus.publish('auth/login', { user, token: 'a' });
    bus.publish('auth/login', { user, token: 'b' });
    expect(toasts).toEqual([{ type: 'success', message: 'Chào mừng Trần Thị Bình! Đăng nhập thành công.', duration: 3000 }]);
    expect(sessionStorage.getItem(STORAGE_KEYS.loginToastShown)).toBe('1');
    stop();
  });

  it('logs out on an unauthorized answer when logged in', () => {
    const bus = new EventBus();
    const store = new SessionStore(localStorage);
    store.save({ token: 't', refreshToken: 'r', user });
    const logouts: unknown[] = [];
    bus.on('auth/logout').subscribe((event) => logouts.push(event));
    const stop = startAuthEffects(bus, store);
    bus.publish('auth/unauthorized', { url: '/api/Auth/profile', status: 401 });
    expect(store.current).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(logouts).toEqual([{ reason: 'unauthorized' }]);
    stop();
  });

  it('ignores an unauthorized answer for a guest (e.g. a wrong password)', () => {
    const bus = new EventBus();
    const store = new SessionStore(localStorage);
    const logouts: unknown[] = [];
    bus.on('auth/logout').subscribe((event) => logouts.push(event));
    const stop = startAuthEffects(bus, store);
    bus.publish('auth/unauthorized', { url: '/api/auth/login', status: 401 });
    expect(logouts).toEqual([]);
    stop();
  });
});
