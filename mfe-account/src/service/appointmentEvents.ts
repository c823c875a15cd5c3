import type { Subscription } from 'rxjs';
import { defaultApiBase, sessionStore, type SessionStore } from 'shared-contracts';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * The live status of the customer's appointments: GET /api/appointments/events, Server-Sent Events read with
 * fetch (the stream needs the `Authorization: Bearer` header, which EventSource cannot send), parsed by
 * eventsource-parser.
 *
 * - `event: appointment-status` with `data: {"appointmentId","code","status","statusLabel","at"}` → onStatus;
 *   comments (the server's heartbeat every 25 s) only keep the connection alive.
 * - A dropped stream (network, server restart, proxy timeout, or nothing at all for HEARTBEAT_TIMEOUT_MS) is
 *   reopened with exponential backoff and jitter; every reopening calls onOpen({ reconnected: true }) so the
 *   page can fetch what changed while it was away.
 * - A 401 (the 15-minute access token expired) renews the token through the shared API client, which refreshes
 *   the session with the refresh token (or logs out when that is refused); the stream then reopens with the new
 *   token. Without a session it stops.
 */

export const APPOINTMENT_EVENTS_PATH = '/appointments/events';
export const APPOINTMENT_STATUS_EVENT = 'appointment-status';
/** Twice the server's heartbeat, plus slack: a stream silent for this long is considered dead. */
export const HEARTBEAT_TIMEOUT_MS = 60_000;

export interface AppointmentStatusEvent {
  appointmentId: number;
  code: string;
  status: string;
  statusLabel: string;
  /** ISO instant of the change */
  at: string;
}

export type ConnectionState = 'connecting' | 'open' | 'retrying' | 'stopped';

export interface AppointmentEventsOptions {
  onStatus: (event: AppointmentStatusEvent) => void;
  /** the stream is open; `reconnected` after the first time (events may have been missed meanwhile) */
  onOpen?: (info: { reconnected: boolean }) => void;
  onConnectionChange?: (state: ConnectionState) => void;
  /**
   * Renews the access token after the stream answered 401: any authenticated call through the shared API
   * client does it (the client refreshes on 401 and retries, or publishes auth/unauthorized).
   */
  renewToken: () => Promise<unknown>;
  session?: SessionStore;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  /** first retry delay; doubled on every failure up to maxDelayMs (each delay drawn in [½, 1] of it) */
  initialDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The event's data, or null when it is not a status change this page understands. */
export function parseStatusEvent(data: string): AppointmentStatusEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const { appointmentId, code, status, statusLabel, at } = parsed;
  if (typeof appointmentId !== 'number' || typeof status !== 'string' || typeof statusLabel !== 'string') return null;
  return {
    appointmentId,
    code: typeof code === 'string' ? code : '',
    status,
    statusLabel,
    at: typeof at === 'string' ? at : new Date().toISOString(),
  };
}

/** Opens the stream and keeps it open until the returned function is called. */
export function subscribeAppointmentEvents(options: AppointmentEventsOptions): () => void {
  const session = options.session ?? sessionStore;
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
  let subscription: Subscription | null = null;

  const setState = (state: ConnectionState) => options.onConnectionChange?.(state);

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
    if (message.event !== APPOINTMENT_STATUS_EVENT) return;
    const event = parseStatusEvent(message.data);
    if (event) options.onStatus(event);
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
    const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
    const url = `${(options.baseUrl ?? defaultApiBase()).replace(/\/$/, '')}${APPOINTMENT_EVENTS_PATH}`;

    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'GET',
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        credentials: 'omit',
        cache: 'no-store',
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
