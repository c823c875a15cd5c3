import type { ConversationMessage, ConversationSummary, Notification } from 'shared-contracts/schemas';
import type { FakeReply } from '../helpers';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Replaces fetch with an API answering `handler` (the query kept, unlike helpers' mockFetch), and serves the
 * personal stream GET /api/notifications/events from a stream the test writes server-sent frames into.
 */
export function mockApi(handler: (call: ApiCall) => FakeReply | Promise<FakeReply>) {
  const calls: ApiCall[] = [];
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  let waiting: ((result: ReadableStreamReadResult<Uint8Array>) => void) | null = null;
  const deliver = () => {
    if (!waiting || chunks.length === 0) return;
    const resolve = waiting;
    waiting = null;
    resolve({ done: false, value: chunks.shift()! });
  };
  const stream = { opened: 0 };
  globalThis.fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    if (url.pathname === '/api/notifications/events') {
      stream.opened += 1;
      const reader = {
        read: () =>
          new Promise<ReadableStreamReadResult<Uint8Array>>((resolve) => {
            waiting = resolve;
            deliver();
          }),
        cancel: async () => undefined,
      };
      return { ok: true, status: 200, body: { getReader: () => reader } };
    }
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const reply = await handler(call);
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      url: input,
      headers: new Headers(),
      text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
      json: async () => reply.body,
      blob: async () => new Blob(['x'], { type: 'image/jpeg' }),
    };
  }) as unknown as typeof globalThis.fetch;
  return {
    calls,
    stream,
    /** One server-sent event on the personal stream. */
    send(event: string, data: unknown) {
      chunks.push(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      deliver();
    },
  };
}

export function conversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 12,
    subject: { kind: 'appointment', id: 5, label: 'Lịch hẹn 27/11/2026 09:00 · 51K-123.45' },
    centreId: 1,
    centreName: 'EV Service Quận 7',
    customerName: 'Nguyễn Văn Khách',
    status: 'open',
    assignee: null,
    unreadCount: 0,
    lastMessage: null,
    updatedAt: '2026-11-27T02:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function message(overrides: Partial<ConversationMessage> & { id: number }): ConversationMessage {
  return {
    conversationId: 12,
    side: 'customer',
    authorName: 'Nguyễn Văn Khách',
    mine: true,
    text: `Tin ${overrides.id}`,
    photos: [],
    createdAt: '2026-11-27T02:00:00.000Z',
    readByOtherSide: false,
    ...overrides,
  };
}

export function notification(overrides: Partial<Notification> & { id: number }): Notification {
  return {
    kind: 'vehicle_ready',
    topic: 'service',
    title: `Thông báo ${overrides.id}`,
    body: 'Xe của bạn đã sẵn sàng.',
    link: '/dashboard',
    createdAt: '2026-11-27T02:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}
