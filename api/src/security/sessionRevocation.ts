import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { closeRedis, redisPublisher, redisSubscriber } from '../broker/redisConnections';
import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import type { Config } from '../config';
import { dialectOf, toIsoUtc } from '../db/portable';
import type { Database } from '../db/schema';
import { ACCESS_TOKEN_TTL_SECONDS } from './accessTokens';
import type { Clock } from './clock';

/**
 * Ended sessions and disabled users, so that their access tokens answer 401 at once instead of living out their
 * 15 minutes. Checked on every authenticated request, so the check is two Map lookups in this process's memory,
 * never a database query:
 *
 * - a revoked session is a refresh-token family (the `sid` of its access tokens) that was revoked: logout,
 *   refresh-token reuse, password change (the other sessions) or reset (all), a user disabled;
 * - a disabled user: every token of theirs, whatever its session, until they are enabled again.
 *
 * An entry is kept for the access-token lifetime plus a minute (clock skew, a login racing the revocation):
 * after that every token it could refuse has expired, and a revoked family never issues a new one.
 *
 * How the instances learn about it (the instance that revokes applies it at once, then broadcasts):
 * - Redis pub/sub when REDIS_URL is set (any database);
 * - PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL and there is no Redis;
 * - otherwise nothing to broadcast to: a single API process (SQLite).
 * On start, and again after the broker connection comes back, the last minutes of revocations are read from the
 * database (refresh_tokens.revoked_at, users.disabled_at): a restarted instance, or one that missed messages
 * while disconnected, still refuses the tokens it must. Without a broker, an instance learns only what it did
 * itself plus that read at start.
 */

/** What one revocation says; every list is optional. */
export interface RevocationNotice {
  /** Refresh-token families (access tokens' `sid`) that ended. */
  sessions?: string[];
  /** Users disabled: all their tokens. */
  disabledUsers?: number[];
  /** Users enabled again: their new tokens are accepted (the families revoked on disabling stay revoked). */
  enabledUsers?: number[];
}

export interface SessionRevocation {
  readonly kind: 'memory' | 'redis' | 'postgres';
  /** In memory, synchronous: whether a token of this user and session must be refused. */
  isRevoked(claims: { userId: number; sessionId?: string }): boolean;
  /**
   * Applies the notice on this instance at once, then tells the others. Call it after the database change is
   * committed. Never throws: a broker failure is logged (the other instances then rely on their database read).
   */
  publish(notice: RevocationNotice): Promise<void>;
  /** Subscribes, then reads the recent revocations from the database (the app calls it when it becomes ready). */
  start(log?: Log): Promise<void>;
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
const silentLog: Log = { warn: () => undefined, error: () => undefined };

/** How long an entry is kept: the access-token lifetime + 1 minute. */
export const REVOCATION_TTL_MS = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;
/** NOTIFY payloads are limited to 8000 bytes: long lists travel in several messages. */
const MAX_IDS_PER_MESSAGE = 100;

/** The revocations this instance knows of, each with its expiry. */
class RevocationSet {
  private readonly sessions = new Map<string, number>();
  private readonly users = new Map<number, number>();
  private nextSweepMs = 0;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  isRevoked(userId: number, sessionId: string | undefined): boolean {
    if (this.users.size > 0 && this.live(this.users, userId)) return true;
    return sessionId !== undefined && this.sessions.size > 0 && this.live(this.sessions, sessionId);
  }

  apply(notice: RevocationNotice, expiresAtMs = this.clock.now().getTime() + this.ttlMs): void {
    this.sweep();
    for (const id of notice.sessions ?? []) this.sessions.set(id, Math.max(expiresAtMs, this.sessions.get(id) ?? 0));
    for (const id of notice.disabledUsers ?? []) this.users.set(id, Math.max(expiresAtMs, this.users.get(id) ?? 0));
    for (const id of notice.enabledUsers ?? []) this.users.delete(id);
  }

  /** The database's view of the disabled users replaces ours (an enable message may have been missed). */
  replaceUsers(users: Map<number, number>): void {
    this.users.clear();
    for (const [id, expiresAtMs] of users) this.users.set(id, expiresAtMs);
  }

  private live<K>(entries: Map<K, number>, key: K): boolean {
    const expiresAtMs = entries.get(key);
    if (expiresAtMs === undefined) return false;
    if (expiresAtMs > this.clock.now().getTime()) return true;
    entries.delete(key);
    return false;
  }

  private sweep(): void {
    const nowMs = this.clock.now().getTime();
    if (nowMs < this.nextSweepMs) return;
    this.nextSweepMs = nowMs + 60_000;
    for (const [key, expiresAtMs] of this.sessions) if (expiresAtMs <= nowMs) this.sessions.delete(key);
    for (const [key, expiresAtMs] of this.users) if (expiresAtMs <= nowMs) this.users.delete(key);
  }
}

/** A message between instances; null when it is not one of ours. */
export function parseRevocationNotice(payload: string): RevocationNotice | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const strings = (list: unknown) => (Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string' && item.length > 0 && item.length <= 64) : []);
    const ids = (list: unknown) => (Array.isArray(list) ? list.filter((item): item is number => Number.isSafeInteger(item) && (item as number) > 0) : []);
    return { sessions: strings(value.sessions), disabledUsers: ids(value.disabledUsers), enabledUsers: ids(value.enabledUsers) };
  } catch {
    return null;
  }
}

/** The notice cut into messages of at most MAX_IDS_PER_MESSAGE session ids. */
function messagesOf(notice: RevocationNotice): string[] {
  const sessions = notice.sessions ?? [];
  const messages = [JSON.stringify({ sessions: sessions.slice(0, MAX_IDS_PER_MESSAGE), disabledUsers: notice.disabledUsers ?? [], enabledUsers: notice.enabledUsers ?? [] })];
  for (let start = MAX_IDS_PER_MESSAGE; start < sessions.length; start += MAX_IDS_PER_MESSAGE) {
    messages.push(JSON.stringify({ sessions: sessions.slice(start, start + MAX_IDS_PER_MESSAGE) }));
  }
  return messages;
}

/** Carries messages between the instances. */
interface Broadcast {
  readonly kind: SessionRevocation['kind'];
  publish(message: string): Promise<void>;
  /** Starts listening; `resync` is called after a lost connection is back (messages may have been missed). */
  listen(onMessage: (message: string) => void, resync: () => void, log: Log): Promise<void>;
  close(): Promise<void>;
}

const noBroadcast: Broadcast = {
  kind: 'memory',
  publish: async () => undefined,
  listen: async () => undefined,
  close: async () => undefined,
};

/** Redis pub/sub on `channel`: a publisher and a subscriber connection (ioredis reconnects and resubscribes). */
function redisBroadcast(url: string, channel: string): Broadcast {
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  return {
    kind: 'redis',
    async publish(message) {
      if (!publisher) throw new Error('session revocation: not started');
      await publisher.publish(channel, message);
    },
    async listen(onMessage, resync, log) {
      publisher = redisPublisher(url);
      subscriber = redisSubscriber(url);
      publisher.on('error', (error: Error) => log.warn({ err: error }, 'session revocation: Redis publisher error'));
      subscriber.on('error', (error: Error) => log.warn({ err: error }, 'session revocation: Redis subscriber error'));
      subscriber.on('message', (from: string, payload: string) => {
        if (from === channel) onMessage(payload);
      });
      let connectedOnce = false;
      subscriber.on('ready', () => {
        if (connectedOnce) resync();
        connectedOnce = true;
      });
      // Startup does not wait for an unreachable Redis: the subscription completes when it is back.
      const subscribed = subscriber.subscribe(channel).then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'session revocation: cannot subscribe on Redis'),
      );
      await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
    async close() {
      const connections = [subscriber, publisher].filter((redis): redis is Redis => redis !== null);
      subscriber = publisher = null;
      await closeRedis(...connections);
    },
  };
}

/** The NOTIFY channel (NOTIFY never crosses databases). */
export const REVOCATION_POSTGRES_CHANNEL = 'ev_session_revocation';

/** PostgreSQL LISTEN/NOTIFY: a dedicated client listens (reconnecting with back-off), NOTIFY goes through the pool. */
function postgresBroadcast(connectionString: string, db: Kysely<Database>): Broadcast {
  let client: Client | null = null;
  let closed = false;
  let retryDelayMs = 500;
  let reconnectTimer: NodeJS.Timeout | null = null;
  return {
    kind: 'postgres',
    async publish(message) {
      await sql`select pg_notify(${REVOCATION_POSTGRES_CHANNEL}, ${message})`.execute(db);
    },
    async listen(onMessage, resync, log) {
      const connect = async (isReconnect: boolean): Promise<void> => {
        const next = new Client({ connectionString });
        next.on('notification', (notification) => {
          if (notification.channel === REVOCATION_POSTGRES_CHANNEL && notification.payload) onMessage(notification.payload);
        });
        const lost = (error?: Error) => {
          if (client !== next || closed) return;
          client = null;
          log.warn({ err: error }, 'session revocation: LISTEN connection lost, reconnecting');
          next.removeAllListeners('end');
          void next.end().catch(() => undefined);
          scheduleReconnect();
        };
        next.on('error', lost);
        next.on('end', () => lost());
        try {
          await next.connect();
          await next.query(`LISTEN ${REVOCATION_POSTGRES_CHANNEL}`);
        } catch (error) {
          await next.end().catch(() => undefined);
          log.error({ err: error }, 'session revocation: cannot LISTEN on PostgreSQL');
          scheduleReconnect();
          return;
        }
        if (closed) {
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
        retryDelayMs = 500;
        if (isReconnect) resync();
      };
      const scheduleReconnect = () => {
        if (closed || reconnectTimer) return;
        reconnectTimer = setTimeout(() => {
          reconnectTimer = null;
          void connect(true);
        }, retryDelayMs);
        reconnectTimer.unref();
        retryDelayMs = Math.min(retryDelayMs * 2, 30_000);
      };
      await connect(false);
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

/**
 * The revocations of the last `ttlMs` in the database: families whose tokens were revoked and could still have a
 * live access token (a row created within the window: every issue of an access token creates one), users
 * disabled within the window.
 */
async function readRecentRevocations(db: Kysely<Database>, clock: Clock, ttlMs: number) {
  const nowMs = clock.now().getTime();
  const since = new Date(nowMs - ttlMs).toISOString();
  const [families, users] = await Promise.all([
    db.selectFrom('refresh_tokens').select(['family_id', 'revoked_at']).where('revoked_at', 'is not', null).where('created_at', '>=', since).execute(),
    db.selectFrom('users').select(['id', 'disabled_at']).where('disabled_at', 'is not', null).where('disabled_at', '>=', since).execute(),
  ]);
  const sessions = new Map<string, number>();
  for (const row of families) {
    const expiresAtMs = new Date(toIsoUtc(row.revoked_at!)).getTime() + ttlMs;
    sessions.set(row.family_id, Math.max(expiresAtMs, sessions.get(row.family_id) ?? 0));
  }
  const disabled = new Map<number, number>();
  for (const row of users) disabled.set(row.id, new Date(toIsoUtc(row.disabled_at!)).getTime() + ttlMs);
  return { sessions, disabled };
}

export interface SessionRevocationOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Default: Redis when config.redisUrl is set, else LISTEN/NOTIFY when the database is PostgreSQL, else none. */
  config: Pick<Config, 'redisUrl' | 'databaseUrl' | 'sqliteFile'>;
  ttlMs?: number;
}

/** The Redis channel: one per database, so that APIs of different databases sharing a Redis never mix. */
export function revocationRedisChannel(config: Pick<Config, 'databaseUrl' | 'sqliteFile'>): string {
  const identity = config.databaseUrl ?? config.sqliteFile;
  return `ev-shop:session-revocation:${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}

export function createSessionRevocation({ db, clock, config, ttlMs = REVOCATION_TTL_MS }: SessionRevocationOptions): SessionRevocation {
  const broadcast = config.redisUrl
    ? redisBroadcast(config.redisUrl, revocationRedisChannel(config))
    : config.databaseUrl && dialectOf(db) === 'postgres'
      ? postgresBroadcast(config.databaseUrl, db)
      : noBroadcast;
  const revoked = new RevocationSet(clock, ttlMs);
  let log: Log = silentLog;
  let started = false;

  const resync = async (): Promise<void> => {
    try {
      const recent = await readRecentRevocations(db, clock, ttlMs);
      for (const [id, expiresAtMs] of recent.sessions) revoked.apply({ sessions: [id] }, expiresAtMs);
      revoked.replaceUsers(recent.disabled);
    } catch (error) {
      log.error({ err: error }, 'session revocation: cannot read the recent revocations from the database');
    }
  };

  return {
    kind: broadcast.kind,
    isRevoked: ({ userId, sessionId }) => revoked.isRevoked(userId, sessionId),
    async publish(notice) {
      revoked.apply(notice);
      if (!started || broadcast.kind === 'memory') return;
      try {
        for (const message of messagesOf(notice)) await broadcast.publish(message);
      } catch (error) {
        log.error({ err: error }, 'session revocation: broadcast failed, applied on this instance only');
      }
    },
    async start(logger) {
      if (started) return;
      started = true;
      log = logger ?? silentLog;
      // Listen first, then read: a revocation committed in between arrives by message.
      await broadcast.listen(
        (payload) => {
          const notice = parseRevocationNotice(payload);
          if (notice) revoked.apply(notice);
        },
        () => void resync(),
        log,
      );
      await resync();
    },
    async close() {
      await broadcast.close();
    },
  };
}
