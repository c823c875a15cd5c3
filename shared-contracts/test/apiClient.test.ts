import { ApiError, createApiClient, EventBus } from '../src';

function jsonResponse(status: number, body: unknown) {
  return { ok: status >= 200 && status < 300, status, text: async () => (body === undefined ? '' : JSON.stringify(body)) } as Response;
}

describe('API client', () => {
  it('calls {host}/api with JSON, no credentials and the Bearer token', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse(200, { success: true, message: 'ok', data: { a: 1 } }));
    const client = createApiClient({ baseUrl: 'http://shop.test/api', getToken: () => 'tok', fetchImpl: fetchImpl as unknown as typeof fetch });
    const body = await client.post('/auth/login', { email: 'a@b.vn', password: 'x' });
    expect(body).toEqual({ success: true, message: 'ok', data: { a: 1 } });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://shop.test/api/auth/login');
    expect(init.credentials).toBe('omit');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({ email: 'a@b.vn', password: 'x' });
  });

  it('sends no Authorization header without a token and builds the query', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse(200, {}));
    const client = createApiClient({ baseUrl: '/api', getToken: () => null, fetchImpl: fetchImpl as unknown as typeof fetch });
    await client.get('products', { query: { page: 2, q: 'pin sạc', empty: '' } });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/products?page=2&q=pin+s%E1%BA%A1c');
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('publishes auth/unauthorized on 401 and still rejects with the server message', async () => {
    const bus = new EventBus();
    const seen: unknown[] = [];
    bus.on('auth/unauthorized').subscribe((event) => seen.push(event));
    const fetchImpl = jest.fn(async () => jsonResponse(401, { success: false, message: 'Phiên đã hết hạn', code: 'UNAUTHORIZED' }));
    const client = createApiClient({ baseUrl: '/api', bus, getToken: () => 't', fetchImpl: fetchImpl as unknown as typeof fetch });
    await expect(client.get('/Auth/profile')).rejects.toMatchObject({ status: 401, message: 'Phiên đã hết hạn', code: 'UNAUTHORIZED' });
    expect(seen).toEqual([{ url: '/api/Auth/profile', status: 401 }]);
  });

  it('gives a Vietnamese message when the server says nothing useful', async () => {
    const client = createApiClient({ baseUrl: '/api', getToken: () => null, fetchImpl: (async () => jsonResponse(500, undefined)) as unknown as typeof fetch });
    const error = await client.get('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.');
  });

  it('gives up after the timeout (10 s by default) with a Vietnamese message', async () => {
    jest.useFakeTimers();
    const fetchImpl = jest.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const client = createApiClient({ baseUrl: '/api', getToken: () => null, fetchImpl: fetchImpl as unknown as typeof fetch });
    const pending = client.get('/slow').catch((caught: unknown) => caught);
    jest.advanceTimersByTime(9_999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    const error = (await pending) as ApiError;
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe('Máy chủ phản hồi quá lâu. Vui lòng thử lại.');
    jest.useRealTimers();
  });

  it('reports an unreachable server in Vietnamese', async () => {
    const client = createApiClient({ baseUrl: '/api', getToken: () => null, fetchImpl: (async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch });
    await expect(client.get('/x')).rejects.toMatchObject({ code: 'NETWORK', message: 'Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.' });
  });
});
