import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { sessionStore, type User } from 'shared-contracts';
import { createAccountStore } from '../src/store/accountStore';
import { AccountProvider } from '../src/store/AccountProvider';

export interface FakeReply {
  status: number;
  /** JSON body; omitted = empty body */
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The query's parameters. */
  query: URLSearchParams;
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
      query: url.searchParams,
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

/** The page's path and query, and the history state it was given, shown for assertions. */
function WhereAmI() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {`${location.pathname}${location.search}`}
    </div>
  );
}

/**
 * Renders one page at `url` inside a fresh account store (following the page's session), with every other
 * path showing only where the user was sent.
 */
export function renderAccountPage(path: string, element: ReactElement, url: string = path, state?: unknown) {
  const store = createAccountStore();
  const { pathname, search, hash } = new URL(url, 'http://localhost');
  const view = render(
    <AccountProvider store={store}>
      <MemoryRouter initialEntries={[{ pathname, search, hash, state }]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <WhereAmI />
      </MemoryRouter>
    </AccountProvider>,
  );
  return { store, ...view };
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export function currentState(): unknown {
  return JSON.parse(screen.getByTestId('location').getAttribute('data-state') ?? 'null');
}

/** An envelope `{ success: true, message, data }`. */
export function ok(data: unknown, message = 'Thành công'): FakeReply {
  return { status: 200, body: { success: true, message, data } };
}

/** An error envelope with optional field errors. */
export function fail(status: number, message: string, code = 'ERROR', errors?: Array<{ field: string; message: string }>): FakeReply {
  return { status, body: { success: false, message, code, ...(errors ? { errors } : {}) } };
}

/** The customer's live stream (GET /api/appointments/events): the test writes server-sent frames into it. */
export function liveStream() {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  let waiting: ((result: ReadableStreamReadResult<Uint8Array>) => void) | null = null;
  const deliver = () => {
    if (!waiting || chunks.length === 0) return;
    const resolve = waiting;
    waiting = null;
    resolve({ done: false, value: chunks.shift()! });
  };
  const reader = {
    read: () =>
      new Promise<ReadableStreamReadResult<Uint8Array>>((resolve) => {
        waiting = resolve;
        deliver();
      }),
    cancel: async () => undefined,
  };
  const response = { ok: true, status: 200, body: { getReader: () => reader } };
  const stream = {
    response,
    /** Whether the page opened the stream (after `serve`). */
    opened: false,
    /** From now on the page's GET /api/appointments/events gets this stream; every other call the fetch in place. */
    serve() {
      const answer = globalThis.fetch;
      globalThis.fetch = ((input: string, init?: RequestInit) => {
        if (new URL(input).pathname !== '/api/appointments/events') return answer(input, init);
        stream.opened = true;
        return Promise.resolve(response);
      }) as typeof globalThis.fetch;
    },
    write(text: string) {
      chunks.push(encoder.encode(text));
      deliver();
    },
  };
  return stream;
}
