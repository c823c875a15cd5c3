import { EventBus, SessionStore, type BusMessage, type User } from 'shared-contracts';
import { createAccountStore } from '../../src/store/accountStore';
import { clearError, fetchCurrentUser, login, loginWithGoogle } from '../../src/store/authSlice';
import { deferred, fail, mockFetch, ok, type FakeReply } from '../helpers';

const USER: User = { id: '5', fullName: 'Phạm Hà', email: 'ha@example.vn', role: 'customer', emailVerified: false, avatar: null };
const SESSION_DATA = { accessToken: 'a1', token: 'a1', refreshToken: 'r1', userId: '5', fullName: 'Phạm Hà', email: 'ha@example.vn', role: 'CUSTOMER', emailVerified: false, avatar: null };

function setup() {
  localStorage.clear();
  const session = new SessionStore(localStorage);
  const bus = new EventBus();
  const published: BusMessage[] = [];
  bus.all().subscribe((message) => published.push(message));
  const store = createAccountStore({ session, bus });
  return { session, bus, published, store };
}

describe('the auth slice', () => {
  it('starts from the stored session (spec §4 re-sync) and follows it: login elsewhere, logout clears user, tokens and error', () => {
    localStorage.clear();
    localStorage.setItem('token', 'legacy');
    localStorage.setItem('user', JSON.stringify({ userId: 5, fullName: 'Phạm Hà', email: 'ha@example.vn' }));
    const session = new SessionStore(localStorage);
    const store = createAccountStore({ session, bus: new EventBus() });
    expect(store.getState().auth).toMatchObject({ token: 'legacy', refreshToken: null, user: { id: '5' }, loading: false, error: null });

    session.save({ token: 't2', refreshToken: 'r2', user: USER });
    expect(store.getState().auth).toMatchObject({ token: 't2', refreshToken: 'r2', user: USER });

    session.clear();
    expect(store.getState().auth).toEqual({ user: null, token: null, refreshToken: null, loading: false, error: null });
  });

  it('login: loading while the request runs, then user and tokens stored (authToken, refreshToken, user) and auth/login published', async () => {
    const { store, published } = setup();
    const reply = deferred<FakeReply>();
    mockFetch(() => reply.promise);
    const pending = store.dispatch(login({ email: 'ha@example.vn', password: 'matkhau123' }));
    expect(store.getState().auth.loading).toBe(true);
    reply.resolve(ok(SESSION_DATA));
    await pending;

    expect(store.getState().auth).toMatchObject({ loading: false, error: null, token: 'a1', refreshToken: 'r1', user: { id: '5', role: 'customer' } });
    expect(localStorage.getItem('authToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: '5', email: 'ha@example.vn' });
    expect(published).toContainEqual({ type: 'auth/login', payload: { token: 'a1', user: expect.objectContaining({ id: '5' }) } });
  });

  it('reads a login answer with the fields at the top level too', async () => {
    const { store } = setup();
    mockFetch(() => ({ status: 200, body: { success: true, message: 'OK', ...SESSION_DATA, accessToken: undefined, token: 'top' } }));
    await store.dispatch(login({ emailOrPhone: '0912345678', password: 'matkhau123' }));
    expect(store.getState().auth.token).toBe('top');
  });

  it("login failure: the server message, else the error text, else 'Login failed'", async () => {
    const { store, session } = setup();
    mockFetch(() => fail(401, 'Email hoặc mật khẩu không đúng.', 'INVALID_CREDENTIALS'));
    await store.dispatch(login({ email: 'ha@example.vn', password: 'x' }));
    expect(store.getState().auth).toMatchObject({ loading: false, error: 'Email hoặc mật khẩu không đúng.', token: null });
    expect(session.current).toBeNull();

    mockFetch(() => ({ status: 503 }));
    await store.dispatch(login({ email: 'ha@example.vn', password: 'x' }));
    expect(store.getState().auth.error).toBe('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.');

    mockFetch(() => ({ status: 200, body: { success: false } }));
    await store.dispatch(login({ email: 'ha@example.vn', password: 'x' }));
    expect(store.getState().auth.error).toBe('Login failed');

    store.dispatch(clearError());
    expect(store.getState().auth.error).toBeNull();
  });

  it("Google login: POST /auth/login-google {token}; failure says 'Google login failed' when the server says nothing", async () => {
    const { store } = setup();
    const { calls } = mockFetch(() => ok(SESSION_DATA));
    await store.dispatch(loginWithGoogle('id-token'));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/login-google', body: { token: 'id-token' } });
    expect(store.getState().auth.token).toBe('a1');

    const second = setup();
    mockFetch(() => ({ status: 200, body: { success: false } }));
    await second.store.dispatch(loginWithGoogle('bad'));
    expect(second.store.getState().auth.error).toBe('Google login failed');
  });

  it('current user: GET /Auth/profile updates the stored user and publishes auth/user-updated; only with a session', async () => {
    const { store, session, published } = setup();
    const { calls } = mockFetch(() => ok({ ...SESSION_DATA, id: '5', emailVerified: true, phoneNumber: '0912345678', gender: 'FEMALE' }));
    await store.dispatch(fetchCurrentUser());
    expect(calls).toHaveLength(0);

    session.save({ token: 't', refreshToken: null, user: USER });
    await store.dispatch(fetchCurrentUser());
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/Auth/profile' });
    expect(store.getState().auth.user).toMatchObject({ emailVerified: true, phoneNumber: '0912345678', gender: 'FEMALE' });
    expect(session.current?.user.emailVerified).toBe(true);
    expect(published.filter((message) => message.type === 'auth/user-updated')).toHaveLength(1);
  });

  it("current user failure: the server message, else 'Failed to get current user'", async () => {
    const { store, session } = setup();
    session.save({ token: 't', refreshToken: null, user: USER });
    mockFetch(() => ({ status: 200, body: { success: false } }));
    await store.dispatch(fetchCurrentUser());
    expect(store.getState().auth).toMatchObject({ loading: false, error: 'Failed to get current user', user: USER });
  });
});
