import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import { appointmentStatusEventSchema, type AppointmentStatusEvent } from 'shared-contracts/schemas';
import type { Config } from '../../config';
import { dialectOf } from '../../db/portable';
import type { Database } from '../../db/schema';

/**
 * Live appointment status for the customers' SSE streams (GET /appointments/events). A status change is
 * published once; every API instance delivers it to the streams it serves for that customer. Three
 * implementations of one interface:
 *
 * - in-process (default): one instance only;
 * - Redis pub/sub (REDIS_URL): a publisher connection and a subscriber connection per instance;
 * - PostgreSQL LISTEN/NOTIFY (the database is PostgreSQL and there is no Redis): a dedicated pg client
 *   listens (a pooled connection cannot), NOTIFY goes through the pool.
 *
 * Publishing never fails the request that changed the status: if the broker is unreachable the event is
 * delivered to this instance's streams only and the error is logged.
 */

export interface AppointmentStatusMessage {
  /** The customer whose streams receive the event. */
  userId: number;
  event: AppointmentStatusEvent;
}

export type AppointmentEventListener = (event: AppointmentStatusEvent) => void;

export interface AppointmentEventBus {
  readonly kind: 'memory' | 'redis' | 'postgres';
  publish(message: AppointmentStatusMessage): Promise<void>;
  /** Listens to one customer's events on this instance; returns the unsubscribe function. */
  subscribe(userId: number, listener: AppointmentEventListener): () => void;
  /** Resolves once messages published by other instances reach this one (immediately in-process). */
  ready(): Promise<void>;
  /** Open subscriptions on this instance (streams being served). */
  subscriberCount(): number;
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Listeners of this instance by customer. */
class LocalFanOut {
  private readonly listeners = new Map<number, Set<AppointmentEventListener>>();

  subscribe(userId: number, listener: AppointmentEventListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(userId);
      current?.delete(listener);
      if (current && current.size === 0) this.listeners.delete(userId);
    };
  }

  count(): number {
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }

  deliver(message: AppointmentStatusMessage): void {
    for (const listener of [...(this.listeners.get(message.userId) ?? [])]) listener(message.event);
  }
}

/** A message as it travels between instances; null when it is not one of ours. */
export function parseMessage(payload: string): AppointmentStatusMessage | null {
  try {
    const value = JSON.parse(payload) as { userId?: unknown; event?: unknown };
    const event = appointmentStatusEventSchema.safeParse(value.event);
    if (typeof value.userId !== 'number' || !Number.isInteger(value.userId) || !event.success) return null;
    return { userId: value.userId, event: event.data };
  } catch {
    return null;
  }
}

export function memoryEventBus(): AppointmentEventBus {
  const fanOut = new LocalFanOut();
  return {
    kind: 'memory',
    publish: async (message) => fanOut.deliver(message),
    subscribe: (userId, listener) => fanOut.subscribe(userId, listener),
    subscriberCount: () => fanOut.count(),
    ready: async () => undefined,
    close: async () => undefined,
  };
}

export function redisEventBus(options: { url: string; channel: string; log: Log }): AppointmentEventBus {
  const { url, channel, log } = options;
  const fanOut = new LocalFanOut();
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  // Subscriber mode: ioredis reconnects and subscribes again by itself.
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  publisher.on('error', (error: Error) => log.warn({ err: error }, 'appointment events: Redis publisher error'));
  subscriber.on('error', (error: Error) => log.warn({ err: error }, 'appointment events: Redis subscriber error'));
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) return;
    const message = parseMessage(payload);
    if (message) fanOut.deliver(message);
  });
  let subscribed: Promise<void> | null = null;
  const ready = (): Promise<void> => {
    subscribed ??= subscriber.subscribe(channel).then(
      () => undefined,
      (error: unknown) => {
        subscribed = null;
        log.error({ err: error }, 'appointment events: cannot subscribe on Redis');
      },
    );
    return subscribed;
  };
  return {
    kind: 'redis',
    async publish(message) {
      try {
        await publisher.publish(channel, JSON.stringify(message));
      } catch (error) {
        log.error({ err: error }, 'appointment events: Redis publish failed, delivered on this instance only');
        fanOut.deliver(message);
      }
    },
    subscribe: (userId, listener) => fanOut.subscribe(userId, listener),
    subscriberCount: () => fanOut.count(),
    ready,
    async close() {
      await Promise.all([subscriber.quit().catch(() => subscriber.disconnect()), publisher.quit().catch(() => publisher.disconnect())]);
    },
  };
}

/** The NOTIFY channel (one per database: NOTIFY never crosses databases). */
export const POSTGRES_CHANNEL = 'ev_appointment_status';

export function postgresEventBus(options: { connectionString: string; db: Kysely<Database>; log: Log }): AppointmentEventBus {
  const { connectionString, db, log } = options;
  const fanOut = new LocalFanOut();
  let client: Client | null = null;
  let closed = false;
  let retryDelayMs = 500;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let listening: Promise<void> | null = null;

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString });
    next.on('notification', (notification) => {
      if (notification.channel !== POSTGRES_CHANNEL || !notification.payload) return;
      const message = parseMessage(notification.payload);
      if (message) fanOut.deliver(message);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      listening = null;
      if (closed) return;
      log.warn({ err: error }, 'appointment events: LISTEN connection lost, reconnecting');
      next.removeAllListeners('end');
      void next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${POSTGRES_CHANNEL}`);
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryDelayMs = 500;
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void ready();
    }, retryDelayMs);
    reconnectTimer.unref();
    retryDelayMs = Math.min(retryDelayMs * 2, 30_000);
  };

  const ready = (): Promise<void> => {
    if (closed) return Promise.resolve();
    listening ??= connect().catch((error: unknown) => {
      listening = null;
      log.error({ err: error }, 'appointment events: cannot LISTEN on PostgreSQL');
      scheduleReconnect();
    });
    return listening;
  };

  return {
    kind: 'postgres',
    async publish(message) {
      try {
        await sql`select pg_notify(${POSTGRES_CHANNEL}, ${JSON.stringify(message)})`.execute(db);
      } catch (error) {
        log.error({ err: error }, 'appointment events: NOTIFY failed, delivered on this instance only');
        fanOut.deliver(message);
      }
    },
    subscribe: (userId, listener) => fanOut.subscribe(userId, listener),
    subscriberCount: () => fanOut.count(),
    ready,
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The Redis channel: one per database, so that APIs of different databases sharing a Redis never mix. */
export function redisChannel(config: Pick<Config, 'databaseUrl' | 'sqliteFile'>): string {
  const identity = config.databaseUrl ?? config.sqliteFile;
  return `ev-shop:appointment-status:${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}

/** Redis when REDIS_URL is set; else PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL; else in-process. */
export function createAppointmentEventBus(options: { config: Config; db: Kysely<Database>; log: Log }): AppointmentEventBus {
  const { config, db, log } = options;
  if (config.redisUrl) return redisEventBus({ url: config.redisUrl, channel: redisChannel(config), log });
  if (config.databaseUrl && dialectOf(db) === 'postgres') return postgresEventBus({ connectionString: config.databaseUrl, db, log });
  return memoryEventBus();
}
