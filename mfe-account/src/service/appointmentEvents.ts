import { defaultApiBase, sessionStore, type SessionStore } from 'shared-contracts';
import { subscribeEventStream, type StreamConnectionState } from 'shared-contracts/eventStream';

export { HEARTBEAT_TIMEOUT_MS } from 'shared-contracts/eventStream';

/**
 * The live status of the customer's appointments: GET /api/appointments/events, read by the shared SSE reader
 * (shared-contracts/eventStream: fetch with the Bearer header, eventsource-parser, reconnects, token renewal).
 *
 * - `event: appointment-status` with `data: {"appointmentId","code","status","statusLabel","at"}` → onStatus;
 * - `event: service-order` with `data: {"appointmentId","serviceOrderId","serviceOrderCode","status","statusLabel",
 *   "pendingApprovals","at"}` (the car's work at the centre: received, in progress, awaiting the customer's approval,
 *   done and awaiting payment, paid) → onServiceOrder;
 * - `event: order-status` with `data: {"code","status","paymentStatus","version"}` (a shop order moved or was
 *   paid, e.g. by its bank transfer) → onOrderStatus;
 * - comments (the server's heartbeat every 25 s) only keep the connection alive.
 * - A dropped stream (network, server restart, proxy timeout, or nothing at all for HEARTBEAT_TIMEOUT_MS) is
 *   reopened with exponential backoff and jitter; every reopening calls onOpen({ reconnected: true }) so the
 *   page can fetch what changed while it was away.
 * - A 401 (the 15-minute access token expired) renews the token through the shared API client, which refreshes
 *   the session with the refresh token (or logs out when that is refused); the stream then reopens with the new
 *   token. Without a session it stops.
 */

export const APPOINTMENT_EVENTS_PATH = '/appointments/events';
export const APPOINTMENT_STATUS_EVENT = 'appointment-status';
/** The service order's event (shared-contracts/schemas SERVICE_ORDER_EVENT; its schema is not imported: no zod here). */
export const SERVICE_ORDER_EVENT = 'service-order';
/** A shop order's event (shared-contracts/schemas ORDER_STATUS_EVENT). */
export const ORDER_STATUS_EVENT = 'order-status';

/** One of the customer's shop orders moved or was paid: the order page reads it again. */
export interface OrderLiveEvent {
  code: string;
  status: string;
  paymentStatus: string;
  version: number;
}

export interface AppointmentStatusEvent {
  appointmentId: number;
  code: string;
  status: string;
  statusLabel: string;
  /** ISO instant of the change */
  at: string;
}

/** The service order of an appointment changed (spec back-office.md §6). */
export interface ServiceOrderLiveEvent {
  appointmentId: number;
  serviceOrderId: number;
  serviceOrderCode: string;
  /** OPEN | IN_PROGRESS | WORK_DONE | INVOICED | CLOSED | CANCELLED */
  status: string;
  statusLabel: string;
  /** extra work waiting for the customer's yes */
  pendingApprovals: number;
  /** ISO instant of the change */
  at: string;
}

export type ConnectionState = StreamConnectionState;

export interface AppointmentEventsOptions {
  onStatus: (event: AppointmentStatusEvent) => void;
  onServiceOrder?: (event: ServiceOrderLiveEvent) => void;
  onOrderStatus?: (event: OrderLiveEvent) => void;
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

const SERVICE_ORDER_STATUSES = new Set(['OPEN', 'IN_PROGRESS', 'WORK_DONE', 'INVOICED', 'CLOSED', 'CANCELLED']);

/** The `service-order` event's data, or null when it is not one this page understands. */
export function parseServiceOrderEvent(data: string): ServiceOrderLiveEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const { appointmentId, serviceOrderId, serviceOrderCode, status, statusLabel, pendingApprovals, at } = parsed;
  if (typeof appointmentId !== 'number' || typeof status !== 'string' || !SERVICE_ORDER_STATUSES.has(status)) return null;
  return {
    appointmentId,
    serviceOrderId: typeof serviceOrderId === 'number' ? serviceOrderId : 0,
    serviceOrderCode: typeof serviceOrderCode === 'string' ? serviceOrderCode : '',
    status,
    statusLabel: typeof statusLabel === 'string' ? statusLabel : '',
    pendingApprovals: typeof pendingApprovals === 'number' && Number.isInteger(pendingApprovals) && pendingApprovals > 0 ? pendingApprovals : 0,
    at: typeof at === 'string' ? at : new Date().toISOString(),
  };
}

/** The `order-status` event's data, or null when it is not one this page understands. */
export function parseOrderStatusEvent(data: string): OrderLiveEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const { code, status, paymentStatus, version } = parsed;
  if (typeof code !== 'string' || typeof status !== 'string' || typeof paymentStatus !== 'string') return null;
  return { code, status, paymentStatus, version: typeof version === 'number' ? version : 0 };
}

/** Opens the stream and keeps it open until the returned function is called. */
export function subscribeAppointmentEvents(options: AppointmentEventsOptions): () => void {
  return subscribeEventStream({
    url: `${(options.baseUrl ?? defaultApiBase()).replace(/\/$/, '')}${APPOINTMENT_EVENTS_PATH}`,
    session: options.session ?? sessionStore,
    onEvent: (message) => {
      if (message.event === APPOINTMENT_STATUS_EVENT) {
        const event = parseStatusEvent(message.data);
        if (event) options.onStatus(event);
      } else if (message.event === SERVICE_ORDER_EVENT) {
        const event = parseServiceOrderEvent(message.data);
        if (event) options.onServiceOrder?.(event);
      } else if (message.event === ORDER_STATUS_EVENT) {
        const event = parseOrderStatusEvent(message.data);
        if (event) options.onOrderStatus?.(event);
      }
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
