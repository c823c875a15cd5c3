import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * One reader for the API's Server-Sent Event streams (the customer's GET /api/appointments/events, the centre's
 * GET /api/staff/events): read with fetch, because the streams need the `Authorization: Bearer` header that
 * EventSource cannot send, and parsed by eventsource-parser. Each remote wraps it with its own event parsing;
 * the session and the API base come from the caller ('shared-contracts' root). What this subpath keeps is the
 * connections open in the bundle that imports it, one per stream:
 *
 * - Subscribers to the same URL, session and fetch share one connection (an HTTP/1.1 origin allows six in all):
 *   each hears every event, a late one is told at once the stream's state (and that it is open), a leaving one is
 *   told it stopped, and the last to leave closes it. The first subscriber's token renewal and retry settings
 *   serve the connection.
 * - Every named event goes to onEvent; comments (the server's heartbeat) only keep the connection alive.
 * - A dropped stream (network, server restart, proxy timeout, or silence for HEARTBEAT_TIMEOUT_MS) is reopened
 *   with exponential backoff and jitter (the server's `retry:` raises the floor); every reopening calls
 *   onOpen({ reconnected: true }) so the page can fetch what it may have missed.
 * - Each frame's `id:` (the API's live log id) is kept, the highest one: a reopening sends it as Last-Event-ID and
 *   the server replays what the stream missed meanwhile.
 * - `event: resync` (the server cannot replay what was missed, or cannot deliver for now) is not passed to onEvent:
 *   it calls onOpen({ reconnected: true }), the same re-read as after a reopening.
 * - A 401 (the access token expired) renews the token (renewToken: any authenticated call of the shared API
 *   client refreshes the session, or logs out), then reopens with the new token. Without a session it stops.
 */

/** The server's event telling the page to read again what it shows (api/src/http/eventStream.ts RESYNC_EVENT). */
export const RESYNC_EVENT = 'resync';

/** Twice the servers' heartbeat, plus slack: a stream silent for this long is considered dead. */
export const HEARTBEAT_TIMEOUT_MS = 60_000;
/** How many handled frame ids a stream remembers to drop a replay's repeats (far more than a replay sends). */
export const HANDLED_IDS_KEPT = 2_000;

export type StreamConnectionState = 'connecting' | 'open' | 'retrying' | 'stopped';

/** What the reader needs of the shared session (shared-contracts' sessionStore). */
export interface StreamSession {
  readonly token: string | null;
  changes(): { subscribe(next: (session: unknown) => void): { unsubscribe(): void } };
}

export interface EventStreamOptions {
  /** The stream's URL: the API base + path, e.g. `${defaultApiBase()}/staff/events`. */
  url: string;
  session: StreamSession;
  onEvent: (message: { event: string; data: string }) => void;
  /** The stream is open; `reconnected` after the first time (events may have been missed meanwhile). */
  onOpen?: (info: { reconnected: boolean }) => void;
  onConnectionChange?: (state: StreamConnectionState) => void;
  /** Renews the access token after the stream answered 401. */
  renewToken: () => Promise<unknown>;
  fetchImpl?: typeof fetch;
  /** First retry delay; doubled on every failure up to maxDelayMs (each delay drawn in [½, 1] of it). */
  initialDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

/** One connection per stream and session in this bundle, shared by its subscribers. */
interface SharedStream {
  subscribers: Set<EventStreamOptions>;
  state: StreamConnectionState | null;
  stop: () => void;
}

const streams = new Map<string, SharedStream>();
const identities = new WeakMap<object, number>();
let nextIdentity = 1;

/** A number per object (a session store, a fetch), so that streams of different sessions are never shared. */
function identityOf(value: object | undefined): number {
  if (value === undefined) return 0;
  let identity = identities.get(value);
  if (identity === undefined) {
    identity = nextIdentity++;
    identities.set(value, identity);
  }
  return identity;
}

/** Hears the stream until the returned function is called, on the connection its other subscribers hold, if any. */
export function subscribeEventStream(options: EventStreamOptions): () => void {
  const key = `${options.url} ${identityOf(options.session)} ${identityOf(options.fetchImpl)}`;
  // each call is a subscriber of its own, even with the same options object
  const subscriber: EventStreamOptions = { ...options };
  let stream = streams.get(key);
  if (stream) {
    stream.subscribers.add(subscriber);
    if (stream.state) subscriber.onConnectionChange?.(stream.state);
    if (stream.state === 'open') subscriber.onOpen?.({ reconnected: false });
  } else {
    const created: SharedStream = { subscribers: new Set([subscriber]), state: null, stop: () => undefined };
    const everyone = () => [...created.subscribers];
    streams.set(key, created);
    stream = created;
    created.stop = openEventStream({
      ...options,
      onEvent: (message) => {
        for (const each of everyone()) each.onEvent(message);
      },
      onOpen: (info) => {
        for (const each of everyone()) each.onOpen?.(info);
      },
      onConnectionChange: (state) => {
        created.state = state;
        // stopped by itself (no session): the next subscriber opens a new one
        if (state === 'stopped' && streams.get(key) === created) streams.delete(key);
        for (const each of everyone()) each.onConnectionChange?.(state);
      },
    });
  }
  const joined = stream;
  return () => {
    if (!joined.subscribers.delete(subscriber)) return;
    if (joined.state !== 'stopped') subscriber.onConnectionChange?.('stopped');
    if (joined.subscribers.size > 0) return;
    if (streams.get(key) === joined) streams.delete(key);
    joined.stop();
  };
}

/** Opens one connection to the stream and keeps it open until the returned function is called. */
function openEventStream(options: EventStreamOptions): () => void {
  const { session } = options;
  const initialDelay = options.initialDelayMs ?? 1_000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const random = options.random ?? Math.random;

  let stopped = false;
  let failures = 0;
  let opened = 0;
  let serverRetryMs: number | null = null;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let watchdog: ReturnType<typeof setTimeout> | null = null;
  let subscription: { unsubscribe(): void } | null = null;
  /** The highest frame id received: sent back as Last-Event-ID when the stream is reopened. */
  let lastEventId: number | null = null;
  /** The ids of the frames handled lately: a replay's frames already handled are not handled twice. */
  const handledIds = new Set<number>();

  const setState = (state: StreamConnectionState) => options.onConnectionChange?.(state);

  const clearWatchdog = () => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = null;
  };

  const armWatchdog = (current: AbortController) => {
    clearWatchdog();
    watchdog = setTimeout(() => current.abort(), HEARTBEAT_TIMEOUT_MS);
  };

  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    clearWatchdog();
    controller?.abort();
    subscription?.unsubscribe();
    setState('stopped');
  };

  const scheduleRetry = () => {
    if (stopped) return;
    const ceiling = Math.min(maxDelay, Math.max(serverRetryMs ?? 0, initialDelay * 2 ** failures));
    failures += 1;
    const delay = Math.round(ceiling * (0.5 + random() / 2));
    setState('retrying');
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
  };

  const handleEvent = (message: EventSourceMessage) => {
    const id = message.id !== undefined && /^\d{1,15}$/.test(message.id) ? Number(message.id) : null;
    // A replay also sends the frames of the seconds before Last-Event-ID (an instance may deliver ids out of order):
    // those already handled are dropped.
    if (id !== null && message.event !== RESYNC_EVENT) {
      if (handledIds.has(id)) return;
      handledIds.add(id);
      if (handledIds.size > HANDLED_IDS_KEPT) handledIds.delete(handledIds.values().next().value!);
    }
    if (id !== null && (lastEventId === null || id > lastEventId || message.event === RESYNC_EVENT)) lastEventId = id;
    if (message.event === RESYNC_EVENT) options.onOpen?.({ reconnected: true });
    else if (message.event) options.onEvent({ event: message.event, data: message.data });
  };

  async function readStream(body: ReadableStream<Uint8Array>, current: AbortController): Promise<void> {
    const parser = createParser({
      onEvent: handleEvent,
      onRetry: (ms) => {
        serverRetryMs = ms;
      },
    });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const onAbort = () => void reader.cancel().catch(() => undefined);
    current.signal.addEventListener('abort', onAbort);
    try {
      armWatchdog(current);
      for (;;) {
        const { done, value } = await reader.read();
        if (done || current.signal.aborted) break;
        armWatchdog(current);
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // the connection dropped or was aborted: reconnect below (unless stopped)
    } finally {
      current.signal.removeEventListener('abort', onAbort);
      clearWatchdog();
    }
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const token = session.token;
    if (!token) {
      stop();
      return;
    }
    const current = new AbortController();
    controller = current;
    setState('connecting');
    const fetchImpl = options.fetchImpl ?? globalThis.fetch?.bind(globalThis);
    if (!fetchImpl) {
      stop();
      return;
    }

    let response: Response;
    try {
      response = await fetchImpl(options.url, {
        method: 'GET',
        headers: {
          Accept: 'text/event-stream',
          Authorization: `Bearer ${token}`,
          ...(lastEventId !== null ? { 'Last-Event-ID': String(lastEventId) } : {}),
        },
        credentials: 'omit',
        cache: 'no-store',
        // A stream never ends: at low priority it takes nothing from the page's own loads, and a page-load audit
        // (Lighthouse) does not wait for it to finish, as it does not for an EventSource.
        priority: 'low',
        signal: current.signal,
      });
    } catch {
      scheduleRetry();
      return;
    }
    if (stopped) return;

    if (response.status === 401) {
      try {
        await options.renewToken();
      } catch {
        // refused: the API client has logged out (the session is gone) or the server was unreachable
      }
      if (stopped) return;
      if (!session.token) stop();
      else if (session.token !== token) void connect();
      else scheduleRetry();
      return;
    }

    if (!response.ok || !response.body) {
      scheduleRetry();
      return;
    }

    failures = 0;
    setState('open');
    options.onOpen?.({ reconnected: opened > 0 });
    opened += 1;
    await readStream(response.body, current);
    if (!stopped) scheduleRetry();
  }

  // logged out elsewhere (another tab, the unauthorized handler): close the stream
  subscription = session.changes().subscribe((current) => {
    if (current === null) stop();
  });
  if (stopped) subscription.unsubscribe();

  void connect();
  return stop;
}
