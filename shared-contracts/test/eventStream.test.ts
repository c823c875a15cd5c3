import { subscribeEventStream, type StreamSession } from '../src/eventStream';

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

const session: StreamSession = { token: 'token-1', changes: () => ({ subscribe: () => ({ unsubscribe: () => undefined }) }) };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the event stream reader and the live log ids', () => {
  it('sends the highest id received as Last-Event-ID when it reopens, and turns `resync` into the re-read of a reopening', async () => {
    const first = serverStream();
    const second = serverStream();
    const plan = [first, second];
    const headers: Array<Record<string, string>> = [];
    const fetchImpl = jest.fn(async (_url: string, init: RequestInit) => {
      headers.push(init.headers as Record<string, string>);
      const reply = plan.shift();
      if (!reply) return new Promise<Response>(() => undefined);
      return { status: 200, ok: true, body: reply.body } as unknown as Response;
    }) as unknown as typeof fetch;
    const events: string[] = [];
    const opens: boolean[] = [];
    const stop = subscribeEventStream({
      url: 'https://shop.example/api/staff/events',
      session,
      fetchImpl,
      renewToken: async () => undefined,
      onEvent: (message) => events.push(`${message.event} ${message.data}`),
      onOpen: ({ reconnected }) => opens.push(reconnected),
      initialDelayMs: 1_000,
      random: () => 1,
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(headers[0]).not.toHaveProperty('Last-Event-ID');
    // a stream that never ends is asked for at low priority: the page's own loads go first
    expect(jest.mocked(fetchImpl).mock.calls[0]?.[1]).toMatchObject({ priority: 'low', cache: 'no-store' });

    first.write('retry: 1000\n: connected\n\n');
    first.write('id: 41\nevent: floor-changed\ndata: {"a":1}\n\n');
    first.write('id: 40\nevent: floor-changed\ndata: {"a":2}\n\n');
    first.end();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(headers[1]).toMatchObject({ Authorization: 'Bearer token-1', 'Last-Event-ID': '41' });
    expect(opens).toEqual([false, true]);

    // The replay's look-back sends 40 and 41 again: handled already, they are dropped; 42 is new.
    second.write('id: 40\nevent: floor-changed\ndata: {"a":2}\n\n');
    second.write('id: 41\nevent: floor-changed\ndata: {"a":1}\n\n');
    second.write('id: 42\nevent: floor-changed\ndata: {"a":3}\n\n');
    second.write('id: 77\nevent: resync\ndata: {"reason":"too-old"}\n\n');
    await jest.advanceTimersByTimeAsync(0);
    expect(opens).toEqual([false, true, true]);
    expect(events).toEqual(['floor-changed {"a":1}', 'floor-changed {"a":2}', 'floor-changed {"a":3}']);
    second.end();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(headers[2]).toMatchObject({ 'Last-Event-ID': '77' });
    stop();
  });
});
