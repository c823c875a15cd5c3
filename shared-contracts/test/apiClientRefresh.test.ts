import { createApiClient, EventBus, SessionStore, type User } from '../src';

const user: User = { id: '7', fullName: 'Đỗ Thu Hà', email: 'ha@example.vn', role: 'customer', emailVerified: true, avatar: null };

interface Call {
  url: string;
  method: string;
  authorization: string | undefined;
  body: unknown;
}

function reply(status: number, body?: unknown) {
  return { ok: status >= 200 && status < 300, status, text: async () => (body === undefined ? '' : JSON.stringify(body)) } as Response;
}

function refreshed(accessToken: string, refreshToken: string) {
  return reply(200, {
    success: true,
    message: 'OK',
    data: { accessToken, token: accessToken, refreshToken, userId: '7', fullName: 'Đỗ Thu Hà', email: 'ha@example.vn', role: 'customer', emailVerified: true, avatar: null },
  });
}

/**
 * A fake API: the access token `valid` (or whatever `accept` says) is accepted, anything else answers 401;
 * /auth/refresh answers with `onRefresh`.
 */
function fakeApi(onRefresh: (call: Call) => Response | Promise<Response>, accept: (token: string | undefined) => boolean) {
  const calls: Call[] = [];
  const fetchImpl = jest.fn(async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      authorization: headers.Authorization,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    if (url.endsWith('/auth/refresh')) return onRefresh(call);
    return accept(call.authorization) ? reply(200, { success: true, message: 'OK', data: { path: url } }) : reply(401, { success: false, code: 'UNAUTHENTICATED', message: 'Vui lòng đăng nhập để tiếp tục.' });
  });
  return { calls, fetchImpl: fetchImpl as unknown as typeof fetch };
}

function setup(onRefresh: (call: Call) => Response | Promise<Response>, accept: (token: string | undefined) => boolean = (token) => token === 'Bearer new-access') {
  localStorage.clear();
  const session = new SessionStore(localStorage);
  session.save({ token: 'old-access', refreshToken: 'old-refresh', user });
  const bus = new EventBus();
  const unauthorized: unknown[] = [];
  bus.on('auth/unauthorized').subscribe((event) => unauthorized.push(event));
  const api = fakeApi(onRefresh, accept);
  const client = createApiClient({ baseUrl: 'http://shop.test/api', session, bus, fetchImpl: api.fetchImpl });
  return { session, bus, unauthorized, client, calls: api.calls };
}

describe('API client: refresh and retry after a 401', () => {
  it('refreshes once with the stored refresh token, stores the new pair and retries the call with the new token', async () => {
    const { session, client, calls, unauthorized } = setup(() => refreshed('new-access', 'new-refresh'));

    const body = await client.get<{ data: { path: string } }>('/Auth/profile');

    expect(body.data.path).toBe('http://shop.test/api/Auth/profile');
    expect(calls.map((call) => [call.method, call.url.replace('http://shop.test', ''), call.authorization])).toEqual([
      ['GET', '/api/Auth/profile', 'Bearer old-access'],
      ['POST', '/api/auth/refresh', undefined],
      ['GET', '/api/Auth/profile', 'Bearer new-access'],
    ]);
    expect(calls[1]!.body).toEqual({ refreshToken: 'old-refresh' });
    expect(session.current).toMatchObject({ token: 'new-access', refreshToken: 'new-refresh', user });
    expect(localStorage.getItem('authToken')).toBe('new-access');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh');
    expect(unauthorized).toEqual([]);
  });

  it('spends the refresh token once for concurrent 401s; every call is retried with the new token', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, calls, unauthorized } = setup(async () => {
      await gate;
      return refreshed('new-access', 'new-refresh');
    });

    const pending = Promise.all([client.get('/Auth/profile'), client.get('/vehicles'), client.post('/bookings', { slot: 'a' })]);
    // let the three 401s arrive while the refresh is still running
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await pending;

    expect(calls.filter((call) => call.url.endsWith('/auth/refresh'))).toHaveLength(1);
    const retried = calls.filter((call) => call.authorization === 'Bearer new-access').map((call) => `${call.method} ${call.url.replace('http://shop.test/api', '')}`);
    expect(retried.sort()).toEqual(['GET /Auth/profile', 'GET /vehicles', 'POST /bookings']);
    expect(calls.find((call) => call.method === 'POST' && call.url.endsWith('/bookings') && call.authorization === 'Bearer new-access')?.body).toEqual({ slot: 'a' });
    expect(unauthorized).toEqual([]);
  });

  it('a 401 for a token that was already renewed retries with the new token without a second refresh', async () => {
    const { session, client, calls } = setup(() => refreshed('new-access', 'new-refresh'));
    await client.get('/Auth/profile');
    // a call sent with the old token whose 401 arrives late: simulated by putting the old token back for one call
    const late = createApiClient({ baseUrl: 'http://shop.test/api', session, fetchImpl: (async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      calls.push({ url, method: init.method ?? 'GET', authorization: auth, body: null });
      return auth === 'Bearer new-access' ? reply(200, { success: true, message: 'OK', data: null }) : reply(401, {});
    }) as unknown as typeof fetch });
    session.save({ ...session.current!, token: 'old-access', refreshToken: 'new-refresh' });
    const sendsOld = late.get('/orders');
    session.save({ ...session.current!, token: 'new-access' });
    await sendsOld;
    expect(calls.filter((call) => call.url.endsWith('/auth/refresh'))).toHaveLength(1);
  });

  it('publishes auth/unauthorized (the shell logs out) and rejects with the 401 when the refresh is refused', async () => {
    const { client, calls, unauthorized, session } = setup(() => reply(401, { success: false, code: 'INVALID_REFRESH_TOKEN', message: 'Phiên đăng nhập đã hết hạn.' }));

    await expect(client.get('/Auth/profile')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED', message: 'Vui lòng đăng nhập để tiếp tục.' });

    expect(calls.filter((call) => call.url.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(calls).toHaveLength(2);
    expect(unauthorized).toEqual([{ url: 'http://shop.test/api/Auth/profile', status: 401 }]);
    // the client does not clear the session itself: the shell does, on auth/unauthorized
    expect(session.current?.token).toBe('old-access');
  });

  it('concurrent calls whose refresh is refused each reject, after a single refresh attempt', async () => {
    const { client, calls, unauthorized } = setup(() => reply(400, { success: false, code: 'VALIDATION_ERROR', message: 'x' }));
    const results = await Promise.allSettled([client.get('/a'), client.get('/b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(calls.filter((call) => call.url.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(unauthorized.length).toBeGreaterThan(0);
  });

  it('does not refresh twice: a retried call that is refused again logs out', async () => {
    const { client, calls, unauthorized } = setup(() => refreshed('new-access', 'new-refresh'), () => false);
    await expect(client.get('/Auth/profile')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((call) => call.url.replace('http://shop.test/api', ''))).toEqual(['/Auth/profile', '/auth/refresh', '/Auth/profile']);
    expect(unauthorized).toHaveLength(1);
  });

  it('logs out at once when there is no refresh token', async () => {
    const { client, calls, unauthorized, session } = setup(() => refreshed('new-access', 'new-refresh'));
    session.save({ ...session.current!, refreshToken: null });
    await expect(client.get('/Auth/profile')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(unauthorized).toHaveLength(1);
  });

  it('keeps the session when the refresh cannot reach the server (network down): no logout, the 401 is passed on', async () => {
    const { client, unauthorized, session } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.get('/Auth/profile')).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toEqual([]);
    expect(session.current?.refreshToken).toBe('old-refresh');
  });

  it('uses the pair another tab already stored instead of spending the old refresh token', async () => {
    const { client, calls, session } = setup(() => refreshed('never', 'never'));
    // another tab refreshed: storage holds its new pair, this tab still has the old one in memory
    localStorage.setItem('authToken', 'new-access');
    localStorage.setItem('refreshToken', 'other-tab-refresh');
    await client.get('/Auth/profile');
    expect(calls.filter((call) => call.url.endsWith('/auth/refresh'))).toHaveLength(0);
    expect(calls[1]!.authorization).toBe('Bearer new-access');
    expect(session.current?.refreshToken).toBe('other-tab-refresh');
  });

  it('never refreshes for a wrong password: a 401 from /auth/login is only passed on', async () => {
    const { client, calls, unauthorized } = setup(() => refreshed('new-access', 'new-refresh'));
    await expect(client.post('/auth/login', { email: 'ha@example.vn', password: 'sai-mat-khau' })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(unauthorized).toEqual([]);
  });

  it('retries an upload with the same form data', async () => {
    const { client, calls } = setup(() => refreshed('new-access', 'new-refresh'));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await client.upload('/Auth/upload-avatar', form);
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer old-access', undefined, 'Bearer new-access']);
    expect(calls[2]!.body).toBe(form);
  });
});
