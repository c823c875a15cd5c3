import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createBrokerChannel, perDatabaseRedisChannel } from '../broker/createBrokerChannel';
import type { Config } from '../config';
import { toIsoUtc } from '../db/portable';
import type { Database } from '../db/schema';
import { ACCESS_TOKEN_TTL_SECONDS } from './accessTokenLifetime';
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

/** The NOTIFY channel (NOTIFY never crosses databases). */
export const REVOCATION_POSTGRES_CHANNEL = 'ev_session_revocation';
/** The Redis channel's base name: the channel is one per database (perDatabaseRedisChannel). */
const REVOCATION_REDIS_CHANNEL_BASE = 'ev-shop:session-revocation';
/** How long start() waits for the Redis subscription: an unreachable Redis must not hold it (it completes when Redis is back). */
const REDIS_SUBSCRIBE_WAIT_MS = 2_000;

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
  return perDatabaseRedisChannel(REVOCATION_REDIS_CHANNEL_BASE, config);
}

export function createSessionRevocation({ db, clock, config, ttlMs = REVOCATION_TTL_MS }: SessionRevocationOptions): SessionRevocation {
  let log: Log = silentLog;
  // The broker's messages go to the logger given to start() (silent until then).
  const brokerLog: Log = { warn: (...args: Parameters<Log['warn']>) => log.warn(...args), error: (...args: Parameters<Log['error']>) => log.error(...args) };
  const broker = createBrokerChannel({
    config,
    db,
    log: brokerLog,
    label: 'session revocation',
    redisChannelName: REVOCATION_REDIS_CHANNEL_BASE,
    postgresChannelName: REVOCATION_POSTGRES_CHANNEL,
  });
  const revoked = new RevocationSet(clock, ttlMs);
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
    kind: broker?.kind ?? 'memory',
    isRevoked: ({ userId, sessionId }) => revoked.isRevoked(userId, sessionId),
    async publish(notice) {
      revoked.apply(notice);
      if (!started || !broker) return;
      try {
        for (const message of messagesOf(notice)) await broker.publish(message);
      } catch (error) {
        log.error({ err: error }, 'session revocation: broadcast failed, applied on this instance only');
      }
    },
    async start(logger) {
      if (started) return;
      started = true;
      log = logger ?? silentLog;
      // Listen first, then read: a revocation committed in between arrives by message.
      if (broker) {
        const listening = broker.listen(
          (payload) => {
            const notice = parseRevocationNotice(payload);
            if (notice) revoked.apply(notice);
          },
          () => void resync(),
        );
        // Startup does not wait for an unreachable Redis: the subscription completes when it is back.
        await (broker.kind === 'redis' ? Promise.race([listening, new Promise((resolve) => setTimeout(resolve, REDIS_SUBSCRIBE_WAIT_MS).unref())]) : listening);
      }
      await resync();
    },
    async close() {
      await broker?.close();
    },
  };
}
