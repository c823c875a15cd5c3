import { defaultApiBase, sessionStore, type SessionStore } from 'shared-contracts';
import { subscribeEventStream, type StreamConnectionState } from 'shared-contracts/eventStream';
import type { FloorChangedEvent } from 'shared-contracts/schemas';

/**
 * The centre's live stream: GET /api/staff/events, read by the shared SSE reader (shared-contracts/eventStream,
 * the one mfe-account reads the customer's appointment stream with).
 *
 * - `event: floor-changed` with `data: {"centreId","kind","appointmentId","serviceOrderId","at"}` → onChange:
 *   something on the centre's floor changed, the page reloads what it shows. Comments (the server's heartbeat)
 *   only keep the connection alive.
 * - A dropped stream (network, server restart, proxy timeout, or silence for HEARTBEAT_TIMEOUT_MS) is reopened
 *   with exponential backoff and jitter; each reopening calls onOpen({ reconnected: true }) so the page can
 *   reload what it may have missed.
 * - A 401 (the access token expired) renews the token through the shared API client, then reopens with the new
 *   token. Without a session the stream stops (the caller then polls).
 */

export const FLOOR_EVENTS_PATH = '/staff/events';
export const FLOOR_CHANGED_EVENT_NAME = 'floor-changed';

export type FloorChange = FloorChangedEvent;
export type FloorConnectionState = StreamConnectionState;

export interface FloorEventsOptions {
  onChange: (event: FloorChange) => void;
  /** the stream is open; `reconnected` after the first time (changes may have been missed meanwhile) */
  onOpen?: (info: { reconnected: boolean }) => void;
  onConnectionChange?: (state: FloorConnectionState) => void;
  /** Renews the access token after the stream answered 401 (any authenticated call of the shared API client). */
  renewToken: () => Promise<unknown>;
  /** An admin's centre (or stock location) to hear; others hear their own centre. */
  centreId?: number;
  /** An admin's every service centre, `conversation` changes only (`?centres=all`: the "Tin nhắn" count); 403 to anyone else. */
  everyCentre?: boolean;
  session?: SessionStore;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  /** first retry delay; doubled on every failure up to maxDelayMs (each delay drawn in [½, 1] of it) */
  initialDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const idOrNull = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** The event's data, or null when it is not a change this page understands. */
export function parseFloorChange(data: string): FloorChange | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.kind !== 'string') return null;
  return {
    centreId: idOrNull(parsed.centreId) ?? 0,
    kind: parsed.kind,
    appointmentId: idOrNull(parsed.appointmentId),
    serviceOrderId: idOrNull(parsed.serviceOrderId),
    // kind 'conversation': the thread that changed
    ...(idOrNull(parsed.conversationId) === null ? {} : { conversationId: idOrNull(parsed.conversationId) }),
    at: typeof parsed.at === 'string' ? parsed.at : new Date().toISOString(),
  };
}

const streamQuery = ({ everyCentre, centreId }: Pick<FloorEventsOptions, 'everyCentre' | 'centreId'>) =>
  everyCentre ? '?centres=all' : centreId === undefined ? '' : `?centreId=${centreId}`;

/**
 * Hears the stream until the returned function is called. Subscribers to the same stream (the page's centre, say,
 * and the navigation's message count) share one connection (shared-contracts/eventStream).
 */
export function subscribeFloorEvents(options: FloorEventsOptions): () => void {
  return subscribeEventStream({
    url: `${(options.baseUrl ?? defaultApiBase()).replace(/\/$/, '')}${FLOOR_EVENTS_PATH}${streamQuery(options)}`,
    session: options.session ?? sessionStore,
    onEvent: (message) => {
      if (message.event !== FLOOR_CHANGED_EVENT_NAME) return;
      const event = parseFloorChange(message.data);
      if (event) options.onChange(event);
    },
    onOpen: options.onOpen,
    onConnectionChange: options.onConnectionChange,
    renewToken: options.renewToken,
    fetchImpl: options.fetchImpl,
    initialDelayMs: options.initialDelayMs,
    maxDelayMs: options.maxDelayMs,
    random: options.random,
  });
}
