import { readStoredSession, SessionStore } from '../src';

const user = { id: 'u1', fullName: 'Lê Minh', email: 'minh@example.vn', role: 'customer', emailVerified: false, avatar: null };

describe('session storage', () => {
  beforeEach(() => localStorage.clear());

  it('re-syncs when a token and a parseable user are stored (authToken or token)', () => {
    localStorage.setItem('token', 'legacy-token');
    localStorage.setItem('user', JSON.stringify({ userId: 'u1', fullName: 'Lê Minh', email: 'minh@example.vn' }));
    const session = readStoredSession(localStorage);
    expect(session?.token).toBe('legacy-token');
    expect(session?.user.id).toBe('u1');
    expect(session?.user.role).toBe('customer');
  });

  it('removes what is stored when the user is corrupt: the visitor is a guest', () => {
    localStorage.setItem('authToken', 'abc');
    localStorage.setItem('refreshToken', 'r');
    localStorage.setItem('user', '{not json');
    expect(readStoredSession(localStorage)).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('removes a user stored without a token', () => {
    localStorage.setItem('user', JSON.stringify(user));
    expect(readStoredSession(localStorage)).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('saves under authToken, refreshToken and user (JSON), and clears them all', () => {
    const store = new SessionStore(localStorage);
    const changes: Array<string | null> = [];
    store.changes().subscribe((session) => changes.push(session?.token ?? null));
    store.save({ token: 'a1', refreshToken: 'r1', user: { ...user, role: 'customer' } });
    expect(localStorage.getItem('authToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: 'u1', email: 'minh@example.vn' });
    store.updateUser({ ...user, role: 'customer', emailVerified: true });
    expect(JSON.parse(localStorage.getItem('user')!).emailVerified).toBe(true);
    store.clear();
    expect(localStorage.length).toBe(0);
    expect(changes).toEqual([null, 'a1', 'a1', null]);
  });
});
