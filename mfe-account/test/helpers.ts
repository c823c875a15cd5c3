import { sessionStore, type User } from 'shared-contracts';

export interface FakeReply {
  status: number;
  /** JSON body; omitted = empty body */
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: RecordedCall) => FakeReply | Promise<FakeReply>;

/**
 * Replaces `globalThis.fetch` (jsdom has none) with a mock answering Response-like objects
 * `{ ok, status, text }` (the API client reads `response.text()`). Returns the recorded calls.
 */
export function mockFetch(handler: Handler): { calls: RecordedCall[]; fetch: jest.Mock } {
  const calls: RecordedCall[] = [];
  const fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const reply = await handler(call);
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
    };
  });
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

/** A promise settled from outside, to look at the screen while a request is still running. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

export const UNVERIFIED: User = {
  id: 'u-1',
  fullName: 'Nguyễn Văn Khách',
  email: 'khach@example.vn',
  role: 'customer',
  emailVerified: false,
  avatar: null,
};

export function logIn(user: User = UNVERIFIED): void {
  sessionStore.save({ token: 'test-token', refreshToken: null, user });
}
