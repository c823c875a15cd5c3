import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import type { Database } from '../db/schema';
import type { BrokerChannel, BrokerLog } from './brokerChannel';

/** The first wait before listening again after a failure, doubled at each failure up to RECONNECT_MAX_MS. */
export const RECONNECT_FIRST_MS = 500;
export const RECONNECT_MAX_MS = 30_000;

/**
 * PostgreSQL LISTEN/NOTIFY on `channel`: a dedicated client listens (a pooled connection cannot) and, when it
 * cannot connect or loses its connection, tries again after 0.5 s, 1 s, 2 s... up to 30 s; NOTIFY goes through
 * the pool.
 */
export function postgresChannel(options: { connectionString: string; db: Kysely<Database>; channel: string; label: string; log: BrokerLog }): BrokerChannel {
  const { connectionString, db, channel, label, log } = options;
  let handlers: { onMessage: (message: string) => void; onResync?: () => void; onLost?: () => void } | null = null;
  let client: Client | null = null;
  let closed = false;
  let retryDelayMs = RECONNECT_FIRST_MS;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let listening: Promise<void> | null = null;
  /** Whether a connection was attempted already: a later successful one is a reconnect (resync). */
  let attempted = false;

  const connect = async (): Promise<void> => {
    const isReconnect = attempted;
    attempted = true;
    const next = new Client({ connectionString });
    next.on('notification', (notification) => {
      if (notification.channel === channel && notification.payload) handlers?.onMessage(notification.payload);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      listening = null;
      if (closed) return;
      log.warn({ err: error }, `${label}: LISTEN connection lost, reconnecting`);
      handlers?.onLost?.();
      next.removeAllListeners('end');
      void next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryDelayMs = RECONNECT_FIRST_MS;
    if (isReconnect) handlers?.onResync?.();
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void ready();
    }, retryDelayMs);
    reconnectTimer.unref();
    retryDelayMs = Math.min(retryDelayMs * 2, RECONNECT_MAX_MS);
  };

  const ready = (): Promise<void> => {
    if (closed) return Promise.resolve();
    listening ??= connect().catch((error: unknown) => {
      listening = null;
      log.error({ err: error }, `${label}: cannot LISTEN on PostgreSQL`);
      handlers?.onLost?.();
      scheduleReconnect();
    });
    return listening;
  };

  return {
    kind: 'postgres',
    async publish(message) {
      await sql`select pg_notify(${channel}, ${message})`.execute(db);
    },
    isListening: () => client !== null,
    listen(onMessage, onResync, onLost) {
      handlers ??= { onMessage, onResync, onLost };
      return ready();
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
