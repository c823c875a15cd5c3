import { SessionStore, type User } from 'shared-contracts';
import {
  HEARTBEAT_TIMEOUT_MS,
  parseServiceOrderEvent,
  parseStatusEvent,
  subscribeAppointmentEvents,
  type AppointmentStatusEvent,
  type ConnectionState,
  type ServiceOrderLiveEvent,
} from '../../src/service/appointmentEvents';

const USER: User = { id: '7', fullName: 'Nguyễn Minh Anh', email: 'khachhang@evshop.vn', role: 'customer', emailVerified: true, avatar: null };

/** A response body the test writes into, chunk by chunk, as a server streams it. */
function serverStream() {
  const encoder = new TextEncoder();
  const chunks: Array<Uint8Array | null> = [];
  let waiting: ((result: ReadableStreamReadResult<Uint8Array>) => void) | null = null;
  let cancelled = false;
  const deliver = () => {
    if (!waiting || chunks.length === 0) return;
    const next = chunks.shift()!;
    const resolve = waiting;
    waiting = null;
    resolve(next === null ? { done: true, value: undefined } : { done: false, value: next });
  };
  const body = {
    getReader: () => ({
      read: () =>
        new Promise<ReadableStreamReadResult<Uint8Array>>((resolve) => {
          waiting = resolve;
          deliver();
        }),
      cancel: async () => {
        cancelled = true;
        chunks.push(null);
        deliver();
      },
    }),
  };
  return {
    body: body as unknown as ReadableStream<Uint8Array>,
    write(text: string) {
      chunks.push(encoder.encode(text));
      deliver();
    },
    end() {
      chunks.push(null);
      deliver();
    },
    get cancelled() {
      return cancelled;
    },
  };
}

type Stream = ReturnType<typeof serverStream>;

interface Call {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
}

/** fetch answering each call with the next planned reply: a status (no body) or a stream. */
function fakeFetch(plan: Array<number | Stream | 'network-error'>) {
  const calls: Call[] = [];
  const fetchImpl = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string>, signal: init.signal! });
    const reply = plan.shift();
    if (reply === undefined) return new Promise<Response>(() => undefined); // hangs: no more planned replies
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (typeof reply === 'number') return { status: reply, ok: reply >= 200 && reply < 300, body: null } as unknown as Response;
    return { status: 200, ok: true, body: reply.body } as unknown as Response;
  });
  return { calls, fetchImpl: fetchImpl as unknown as typeof fetch };
}

const STATUS_EVENT = (id: number, status: string, label: string) =>
  `event: appointment-status\ndata: {"appointmentId":${id},"code":"LH2611${id}","status":"${status}","statusLabel":"${label}","at":"2026-11-22T08:00:00.000Z"}\n\n`;

function start(plan: Array<number | Stream | 'network-error'>, session: SessionStore, renewToken: () => Promise<unknown> = async () => undefined) {
  const { calls, fetchImpl } = fakeFetch(plan);
  const events: AppointmentStatusEvent[] = [];
  const serviceOrders: ServiceOrderLiveEvent[] = [];
  const opens: boolean[] = [];
  const states: ConnectionState[] = [];
  const stop = subscribeAppointmentEvents({
    onStatus: (event) => events.push(event),
    onServiceOrder: (event) => serviceOrders.push(event),
    onOpen: ({ reconnected }) => opens.push(reconnected),
    onConnectionChange: (state) => states.push(state),
    renewToken,
    session,
    baseUrl: 'https://shop.example/api',
    fetchImpl,
    initialDelayMs: 1_000,
    maxDelayMs: 8_000,
    random: () => 1,
  });
  return { calls, events, serviceOrders, opens, states, stop };
}

function loggedIn(token = 'token-1'): SessionStore {
  const session = new SessionStore(null);
  session.save({ token, refreshToken: 'refresh-1', user: USER });
  return session;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the appointment status stream', () => {
  it('opens GET /api/appointments/events with the Bearer token and delivers status changes, even split across chunks', async () => {
    const stream = serverStream();
    const { calls, events, opens, stop } = start([stream], loggedIn());
    await jest.advanceTimersByTimeAsync(0);

    expect(calls[0]!.url).toBe('https://shop.example/api/appointments/events');
    expect(calls[0]!.headers).toMatchObject({ Accept: 'text/event-stream', Authorization: 'Bearer token-1' });
    expect(opens).toEqual([false]);

    const event = STATUS_EVENT(41, 'CONFIRMED', 'Đã xác nhận');
    stream.write(': heartbeat\n\n');
    stream.write(event.slice(0, 30));
    await jest.advanceTimersByTimeAsync(0);
    expect(events).toEqual([]);
    stream.write(event.slice(30));
    stream.write('event: something-else\ndata: {"appointmentId":41}\n\n');
    stream.write(STATUS_EVENT(42, 'CANCELLED', 'Đã hủy'));
    await jest.advanceTimersByTimeAsync(0);

    expect(events).toEqual([
      { appointmentId: 41, code: 'LH261141', status: 'CONFIRMED', statusLabel: 'Đã xác nhận', at: '2026-11-22T08:00:00.000Z' },
      { appointmentId: 42, code: 'LH261142', status: 'CANCELLED', statusLabel: 'Đã hủy', at: '2026-11-22T08:00:00.000Z' },
    ]);
    stop();
    expect(stream.cancelled).toBe(true);
  });

  it('reopens a dropped stream with a growing delay (1 s, 2 s, 4 s, capped at 8 s), and says it reconnected', async () => {
    const first = serverStream();
    const last = serverStream();
    const { calls, opens, states, stop } = start([first, 'network-error', 503, 'network-error', 'network-error', last], loggedIn());
    await jest.advanceTimersByTimeAsync(0);
    first.end();
    await jest.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1); // 1 s after the drop
    expect(calls).toHaveLength(2); // network error
    await jest.advanceTimersByTimeAsync(1_999);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1); // 2 s
    expect(calls).toHaveLength(3); // 503
    await jest.advanceTimersByTimeAsync(4_000);
    expect(calls).toHaveLength(4); // network error
    await jest.advanceTimersByTimeAsync(7_999);
    expect(calls).toHaveLength(4);
    await jest.advanceTimersByTimeAsync(1); // 8 s, the cap
    expect(calls).toHaveLength(5);
    await jest.advanceTimersByTimeAsync(8_000);
    expect(calls).toHaveLength(6);
    expect(opens).toEqual([false, true]);
    expect(states.at(-1)).toBe('open');
    stop();
  });

  it('treats a stream silent for longer than the heartbeat timeout as dead and reopens it', async () => {
    const silent = serverStream();
    const next = serverStream();
    const { calls, stop } = start([silent, next], loggedIn());
    await jest.advanceTimersByTimeAsync(0);
    silent.write(': heartbeat\n\n');
    await jest.advanceTimersByTimeAsync(HEARTBEAT_TIMEOUT_MS - 1);
    expect(silent.cancelled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(silent.cancelled).toBe(true);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(2);
    stop();
  });

  it('on 401 renews the token through the API client and reopens at once with the new one', async () => {
    const session = loggedIn('expired-token');
    const stream = serverStream();
    const renewToken = jest.fn(async () => {
      session.save({ token: 'fresh-token', refreshToken: 'refresh-2', user: USER });
    });
    const { calls, events, stop } = start([401, stream], session, renewToken);
    await jest.advanceTimersByTimeAsync(0);
    expect(renewToken).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.headers.Authorization)).toEqual(['Bearer expired-token', 'Bearer fresh-token']);
    stream.write(STATUS_EVENT(5, 'CHECKED_IN', 'Đã tiếp nhận'));
    await jest.advanceTimersByTimeAsync(0);
    expect(events.map((event) => event.statusLabel)).toEqual(['Đã tiếp nhận']);
    stop();
  });

  it('stops when the refresh is refused and the session is gone', async () => {
    const session = loggedIn('expired-token');
    const renewToken = jest.fn(async () => {
      session.clear();
      throw new Error('Phiên đăng nhập đã hết hạn');
    });
    const { calls, states } = start([401], session, renewToken);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(states.at(-1)).toBe('stopped');
  });

  it('closes the stream on logout and never reconnects', async () => {
    const session = loggedIn();
    const stream = serverStream();
    const { calls, states } = start([stream], session);
    await jest.advanceTimersByTimeAsync(0);
    session.clear();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(stream.cancelled).toBe(true);
    expect(calls).toHaveLength(1);
    expect(states.at(-1)).toBe('stopped');
  });

  it('does not connect at all without a session', async () => {
    const { calls, states } = start([], new SessionStore(null));
    await jest.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(0);
    expect(states).toEqual(['stopped']);
  });
});

describe('the service-order event', () => {
  it('is delivered beside the status events, untouched by them', async () => {
    const stream = serverStream();
    const { events, serviceOrders, stop } = start([stream], loggedIn());
    await jest.advanceTimersByTimeAsync(0);
    stream.write(STATUS_EVENT(41, 'IN_PROGRESS', 'Đang thực hiện'));
    stream.write(
      'event: service-order\ndata: {"appointmentId":41,"serviceOrderId":7,"serviceOrderCode":"PDV261122K7QZ","status":"IN_PROGRESS","statusLabel":"Đang làm","pendingApprovals":2,"at":"2026-11-22T08:05:00.000Z"}\n\n',
    );
    await jest.advanceTimersByTimeAsync(0);
    expect(events.map((event) => event.status)).toEqual(['IN_PROGRESS']);
    expect(serviceOrders).toEqual([
      {
        appointmentId: 41,
        serviceOrderId: 7,
        serviceOrderCode: 'PDV261122K7QZ',
        status: 'IN_PROGRESS',
        statusLabel: 'Đang làm',
        pendingApprovals: 2,
        at: '2026-11-22T08:05:00.000Z',
      },
    ]);
    stop();
  });

  it('is read defensively: unknown statuses and malformed data are dropped, a missing count is 0', () => {
    expect(parseServiceOrderEvent('{"appointmentId":3,"serviceOrderId":7,"serviceOrderCode":"PDV1","status":"INVOICED","statusLabel":"Chờ thanh toán","at":"2026-11-22T08:00:00.000Z"}')).toMatchObject({
      appointmentId: 3,
      status: 'INVOICED',
      pendingApprovals: 0,
    });
    expect(parseServiceOrderEvent('{"appointmentId":3,"status":"EXPLODED"}')).toBeNull();
    expect(parseServiceOrderEvent('{"appointmentId":"3","status":"OPEN"}')).toBeNull();
    expect(parseServiceOrderEvent('nope')).toBeNull();
  });
});

describe('parseStatusEvent', () => {
  it('reads a status change and refuses anything else', () => {
    expect(parseStatusEvent('{"appointmentId":3,"code":"LH1","status":"IN_PROGRESS","statusLabel":"Đang thực hiện","at":"2026-11-22T08:00:00.000Z"}')).toMatchObject({
      appointmentId: 3,
      statusLabel: 'Đang thực hiện',
    });
    expect(parseStatusEvent('not json')).toBeNull();
    expect(parseStatusEvent('{"appointmentId":"3","status":"X","statusLabel":"Y"}')).toBeNull();
    expect(parseStatusEvent('[1,2]')).toBeNull();
  });
});
