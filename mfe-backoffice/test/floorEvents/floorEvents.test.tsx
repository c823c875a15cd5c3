import { act, render, screen } from '@testing-library/react';
import { SessionStore, type User } from 'shared-contracts';
import { parseFloorChange, subscribeFloorEvents, type FloorChange, type FloorConnectionState } from '../../src/floorEvents/floorEvents';

const STAFF: User = { id: '3', fullName: 'Lê Thu Hà', email: 'staff@evshop.vn', role: 'staff', emailVerified: true, avatar: null };

/** A response body the test writes into, as a server streams it. */
function serverStream() {
  const encoder = new TextEncoder();
  const chunks: Array<Uint8Array | null> = [];
  let waiting: ((result: ReadableStreamReadResult<Uint8Array>) => void) | null = null;
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
  };
}

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

function loggedInSession() {
  const session = new SessionStore(null);
  session.save({ token: 'access-1', refreshToken: 'refresh-1', user: STAFF });
  return session;
}

describe('the centre live stream (GET /api/staff/events)', () => {
  it('reads floor-changed events and ignores anything else', () => {
    expect(parseFloorChange('{"centreId":1,"kind":"service-order","appointmentId":null,"serviceOrderId":7,"at":"2026-11-22T08:00:00.000Z"}')).toEqual({
      centreId: 1,
      kind: 'service-order',
      appointmentId: null,
      serviceOrderId: 7,
      at: '2026-11-22T08:00:00.000Z',
    });
    expect(parseFloorChange('not json')).toBeNull();
    expect(parseFloorChange('{"centreId":1}')).toBeNull();
  });

  it('opens the stream with the bearer token, hands over each floor-changed event, and retries when it drops', async () => {
    jest.useFakeTimers();
    try {
      const session = loggedInSession();
      const stream = serverStream();
      const calls: Array<{ url: string; headers: Record<string, string> }> = [];
      const plan: Array<ReturnType<typeof serverStream>> = [stream];
      const fetchImpl = jest.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, headers: init.headers as Record<string, string> });
        const next = plan.shift();
        if (!next) return new Promise<Response>(() => undefined);
        return { status: 200, ok: true, body: next.body } as unknown as Response;
      });
      const events: FloorChange[] = [];
      const states: FloorConnectionState[] = [];
      const stop = subscribeFloorEvents({
        onChange: (event) => events.push(event),
        onConnectionChange: (state) => states.push(state),
        renewToken: async () => undefined,
        session,
        baseUrl: 'http://centre.test/api',
        fetchImpl: fetchImpl as unknown as typeof fetch,
        random: () => 1,
      });
      await flush();
      expect(calls[0]).toEqual({ url: 'http://centre.test/api/staff/events', headers: expect.objectContaining({ Authorization: 'Bearer access-1', Accept: 'text/event-stream' }) });

      stream.write(': heartbeat\n\n');
      stream.write('event: other\ndata: {"kind":"x"}\n\n');
      stream.write('event: floor-changed\ndata: {"centreId":1,"kind":"appointment","appointmentId":4,"serviceOrderId":null,"at":"2026-11-22T08:00:00.000Z"}\n\n');
      await flush();
      expect(events).toEqual([{ centreId: 1, kind: 'appointment', appointmentId: 4, serviceOrderId: null, at: '2026-11-22T08:00:00.000Z' }]);

      stream.end();
      await flush();
      expect(states).toEqual(['connecting', 'open', 'retrying']);
      await act(async () => {
        jest.advanceTimersByTime(1_000);
      });
      await flush();
      expect(fetchImpl).toHaveBeenCalledTimes(2);
      stop();
      expect(states.at(-1)).toBe('stopped');
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ["the chosen centre or stock location's", { centreId: 8 }, 'http://centre.test/api/staff/events?centreId=8'],
    ["every centre's conversations (the menu's count)", { everyCentre: true }, 'http://centre.test/api/staff/events?centres=all'],
  ])("opens an admin's stream of %s", async (_what, scope, expected) => {
    const urls: string[] = [];
    const fetchImpl = jest.fn(async (url: string) => {
      urls.push(url);
      return new Promise<Response>(() => undefined);
    });
    const stop = subscribeFloorEvents({
      onChange: () => undefined,
      renewToken: async () => undefined,
      session: loggedInSession(),
      baseUrl: 'http://centre.test/api',
      fetchImpl: fetchImpl as unknown as typeof fetch,
      ...scope,
    });
    await flush();
    stop();
    expect(urls).toEqual([expected]);
  });

  it('shares one connection among the subscribers of a stream: each hears every change, the last to leave closes it', async () => {
    const session = loggedInSession();
    const stream = serverStream();
    // the first connection answers; any other stays pending
    let connections = 0;
    const fetchImpl = jest.fn(async (_url: string): Promise<Response> => {
      connections += 1;
      return connections === 1 ? ({ status: 200, ok: true, body: stream.body } as unknown as Response) : new Promise<Response>(() => undefined);
    });
    const common = { renewToken: async () => undefined, session, baseUrl: 'http://centre.test/api', fetchImpl: fetchImpl as unknown as typeof fetch };
    const page: FloorChange[] = [];
    const navigation: FloorChange[] = [];
    const pageStates: FloorConnectionState[] = [];
    const stopPage = subscribeFloorEvents({ ...common, onChange: (event) => page.push(event), onConnectionChange: (state) => pageStates.push(state) });
    await flush();
    expect(pageStates).toEqual(['connecting', 'open']);

    // a late subscriber to the same stream is told at once that it is open, on the same connection
    const opened: boolean[] = [];
    const stopNavigation = subscribeFloorEvents({ ...common, onChange: (event) => navigation.push(event), onOpen: ({ reconnected }) => opened.push(reconnected) });
    // another centre's stream is a connection of its own
    const stopOther = subscribeFloorEvents({ ...common, centreId: 2, onChange: () => undefined });
    await flush();
    expect(opened).toEqual([false]);
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual(['http://centre.test/api/staff/events', 'http://centre.test/api/staff/events?centreId=2']);

    stream.write('event: floor-changed\ndata: {"centreId":1,"kind":"conversation","appointmentId":null,"serviceOrderId":null,"conversationId":5,"at":"2026-11-22T08:00:00.000Z"}\n\n');
    await flush();
    expect(page).toHaveLength(1);
    expect(navigation).toEqual(page);

    // the page leaves: it is told the stream stopped for it, the navigation still hears it
    stopPage();
    expect(pageStates.at(-1)).toBe('stopped');
    stream.write('event: floor-changed\ndata: {"centreId":1,"kind":"appointment","appointmentId":4,"serviceOrderId":null,"at":"2026-11-22T08:01:00.000Z"}\n\n');
    await flush();
    expect(navigation).toHaveLength(2);
    expect(page).toHaveLength(1);

    // the last one leaves: the connection closes, and a new subscriber opens a new one
    stopNavigation();
    stopOther();
    const again = subscribeFloorEvents({ ...common, onChange: () => undefined });
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    again();
  });
});

describe('useFloorEvents', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.resetModules();
    jest.dontMock('../../src/floorEvents/floorEvents');
  });

  it('passes events on, reloads after a reconnection, and polls every 15 s while the stream is down', async () => {
    jest.useFakeTimers();
    let options: Parameters<typeof subscribeFloorEvents>[0] | null = null;
    const stop = jest.fn();
    jest.doMock('../../src/floorEvents/floorEvents', () => ({
      subscribeFloorEvents: (given: Parameters<typeof subscribeFloorEvents>[0]) => {
        options = given;
        return stop;
      },
    }));
    const { useFloorEvents } = await import('../../src/floorEvents/useFloorEvents');
    const { LiveStatus } = await import('../../src/floorEvents/LiveStatus');
    const seen: Array<FloorChange | null> = [];
    function Probe() {
      const mode = useFloorEvents((event) => seen.push(event));
      return <LiveStatus mode={mode} />;
    }
    const view = render(<Probe />);
    const opts = () => options!;

    act(() => opts().onOpen?.({ reconnected: false }));
    expect(screen.getByText('Đang cập nhật trực tiếp')).toBeInTheDocument();
    const change: FloorChange = { centreId: 1, kind: 'service-order', appointmentId: null, serviceOrderId: 9, at: '2026-11-22T08:00:00.000Z' };
    act(() => opts().onChange(change));
    expect(seen).toEqual([change]);

    act(() => opts().onConnectionChange?.('retrying'));
    expect(screen.getByText('Tự động tải lại mỗi 15 giây')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(15_000);
    });
    expect(seen).toEqual([change, null]);
    act(() => {
      jest.advanceTimersByTime(15_000);
    });
    expect(seen).toHaveLength(3);

    act(() => opts().onOpen?.({ reconnected: true }));
    expect(seen).toHaveLength(4);
    act(() => {
      jest.advanceTimersByTime(45_000);
    });
    expect(seen).toHaveLength(4); // the stream is back: no more polling

    view.unmount();
    expect(stop).toHaveBeenCalled();
  });
});
