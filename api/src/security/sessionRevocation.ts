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
 * - otherwise nothing to broadcast to: a single API process (SQLite);
 * - and, whatever the broker, the database itself (issue 69 §5): every instance reads the revocations committed
 *   since its last read every REVOCATION_POLL_MS (refresh_tokens.revoked_at, which logout, reuse, password change and
 *   reset, disabling and role changes all write; users.disabled_at), through the index of migration 0050. So a
 *   logout or password change is refused on every instance within about a second even while Redis is down, a
 *   message lost in between (pub/sub delivers at most once) or never sent (createAdmin --promote) is still applied,
 *   and a user enabled again while the broker was down is accepted again. The read runs always, not only
 *   while the broker looks down: it costs two indexed range reads a second (measured with a million refresh-token
 *   rows: about 0.2 ms on SQLite, about 1 ms on PostgreSQL for its two round trips, 0.2 ms of it in the database),
 *   and "the broker looks healthy" can be wrong in ways this module cannot see (the publisher cut off from Redis
 *   while the subscribers are not, a publish that timed out, a message pub/sub dropped).
 * The first read, on start, covers the whole entry lifetime: a restarted instance still refuses the tokens it must.
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
  /**
   * Subscribes, reads the recent revocations from the database, then reads the new ones every REVOCATION_POLL_MS
   * (the app calls it when it becomes ready).
   */
  start(log?: Log): Promise<void>;
  /** Stops the reads and the broker. */
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
const silentLog: Log = { warn: () => undefined, error: () => undefined };

/** How long an entry is kept: the access-token lifetime + 1 minute. */
export const REVOCATION_TTL_MS = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;
/** NOTIFY payloads are limited to 8000 bytes: long lists travel in several messages. */
const MAX_IDS_PER_MESSAGE = 100;
/** How often each instance reads the revocations committed since its last read: a revocation reaches every instance within about this. */
export const REVOCATION_POLL_MS = 1_000;
/**
 * Each read starts this long before the previous one did: a revocation whose transaction commits late, or written by
 * an instance whose clock is a little behind (revoked_at is the writer's clock), is still read. Re-reading costs
 * only the revocations of these seconds.
 */
export const REVOCATION_READ_OVERLAP_MS = 10_000;
/** Revoked refresh-token rows per query; a read takes at most REVOCATION_READ_MAX_PAGES pages, the next read goes on from there. */
const REVOCATION_READ_PAGE_ROWS = 500;
const REVOCATION_READ_MAX_PAGES = 20;
/** Users disabled within the entry lifetime read at most: past it the read only adds (an enable then waits for a message). */
const DISABLED_USERS_READ_LIMIT = 10_000;
/** A failing read is logged once, then at most this often while it keeps failing (a database outage would log every second). */
const READ_FAILURE_LOG_EVERY_MS = 60_000;
/** The least pause between two reads when one outlasted REVOCATION_POLL_MS: a struggling database is not asked back to back. */
const MIN_READ_PAUSE_MS = 100;

/** The revocations this instance knows of, each with its expiry. */
class RevocationSet {
  private readonly sessions = new Map<string, number>();
  private readonly users = new Map<number, number>();
  /** Counts the notices applied; `userNoticed` keeps, per user, the count at the last notice about them. */
  private notices = 0;
  private readonly userNoticed = new Map<number, number>();
  private nextSweepMs = 0;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  isRevoked(userId: number, sessionId: string | undefined): boolean {
    if (this.users.size > 0 && this.live(this.users, userId)) return true;
    return sessionId !== undefined && this.sessions.size > 0 && this.live(this.sessions, sessionId);
  }

  /** The count of notices applied so far: taken before a database read, given back to replaceUsers. */
  get noticeCount(): number {
    return this.notices;
  }

  apply(notice: RevocationNotice, expiresAtMs = this.clock.now().getTime() + this.ttlMs): void {
    this.sweep();
    this.notices += 1;
    for (const id of notice.sessions ?? []) this.sessions.set(id, Math.max(expiresAtMs, this.sessions.get(id) ?? 0));
    for (const id of notice.disabledUsers ?? []) {
      this.users.set(id, Math.max(expiresAtMs, this.users.get(id) ?? 0));
      this.userNoticed.set(id, this.notices);
    }
    for (const id of notice.enabledUsers ?? []) {
      this.users.delete(id);
      this.userNoticed.set(id, this.notices);
    }
  }

  /** Sessions read from the database, each with its own expiry. */
  applySessions(sessions: Iterable<[id: string, expiresAtMs: number]>): void {
    for (const [id, expiresAtMs] of sessions) this.sessions.set(id, Math.max(expiresAtMs, this.sessions.get(id) ?? 0));
  }

  /**
   * The database's view of the disabled users replaces ours (an enable message may have been missed), except for the
   * users a notice applied after `readFrom` (noticeCount when the read began) spoke of: that notice is newer than the
   * read. A read cut short at its limit (`complete` false) only adds.
   */
  replaceUsers(users: Map<number, number>, readFrom: number, complete: boolean): void {
    const newer = (id: number) => (this.userNoticed.get(id) ?? 0) > readFrom;
    if (complete) for (const id of this.users.keys()) if (!users.has(id) && !newer(id)) this.users.delete(id);
    for (const [id, expiresAtMs] of users) if (!newer(id)) this.users.set(id, expiresAtMs);
    for (const [id, noticed] of this.userNoticed) if (noticed <= readFrom) this.userNoticed.delete(id);
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

/** Where a read of revoked refresh-token rows goes on from: the rows after (revoked_at, id). */
interface ReadCursor {
  revokedAt: string;
  id: number;
}

/**
 * A page of the refresh-token rows revoked after `cursor`, in (revoked_at, id) order, that may still have a live
 * access token: created since `liveSince` (every issue of an access token creates a row). One revocation writes
 * revoked_at on every row of its families, rotated and long-expired ones too: the index (revoked_at, created_at) of
 * migration 0050 skips those without reading the table.
 */
function readRevokedPage(db: Kysely<Database>, cursor: ReadCursor, liveSince: string, limit: number) {
  return (
    db
      .selectFrom('refresh_tokens')
      .select(['id', 'family_id', 'revoked_at'])
      // The plain range bounds the index scan; the row comparison pages through rows revoked at the same instant.
      .where('revoked_at', '>=', cursor.revokedAt)
      .where(({ eb, refTuple, tuple }) => eb(refTuple('revoked_at', 'id'), '>', tuple(cursor.revokedAt, cursor.id)))
      .where('created_at', '>=', liveSince)
      .orderBy('revoked_at')
      .orderBy('id')
      .limit(limit)
      .execute()
  );
}

/** The users disabled since `since` (index users_disabled_idx of migration 0050), at most `limit`. */
function readDisabledUsers(db: Kysely<Database>, since: string, limit: number) {
  return db.selectFrom('users').select(['id', 'disabled_at']).where('disabled_at', '>=', since).limit(limit).execute();
}

function instantMs(value: Date | string): number {
  return new Date(toIsoUtc(value)).getTime();
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
  let closed = false;

  // ---- The database read: what was committed since the last read, every REVOCATION_POLL_MS ----
  /** The instant (this instance's clock) at which the last read that reached the end began; null before the first. */
  let lastCompleteMs: number | null = null;
  /** Where the next read goes on from when the last one stopped after REVOCATION_READ_MAX_PAGES pages. */
  let resumeAt: ReadCursor | null = null;
  let reading: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  /** Real time of the last failure logged while reads fail; null while they succeed. */
  let failureLoggedAtMs: number | null = null;

  const readOnce = async (): Promise<void> => {
    const nowMs = clock.now().getTime();
    const floorMs = nowMs - ttlMs;
    const liveSince = new Date(floorMs).toISOString();
    const readFrom = revoked.noticeCount;
    const users = await readDisabledUsers(db, liveSince, DISABLED_USERS_READ_LIMIT);
    const disabled = new Map(users.map((row) => [row.id, instantMs(row.disabled_at!) + ttlMs] as const));
    revoked.replaceUsers(disabled, readFrom, users.length < DISABLED_USERS_READ_LIMIT);

    // From the previous complete read's start, less the overlap; never before the entry lifetime (the first read covers it all).
    const since = Math.max(floorMs, Math.min(lastCompleteMs ?? floorMs, nowMs) - REVOCATION_READ_OVERLAP_MS);
    let cursor = resumeAt && resumeAt.revokedAt >= liveSince ? resumeAt : { revokedAt: new Date(since).toISOString(), id: 0 };
    for (let page = 0; page < REVOCATION_READ_MAX_PAGES; page += 1) {
      const rows = await readRevokedPage(db, cursor, liveSince, REVOCATION_READ_PAGE_ROWS);
      revoked.applySessions(rows.map((row) => [row.family_id, instantMs(row.revoked_at!) + ttlMs] as const));
      if (rows.length < REVOCATION_READ_PAGE_ROWS) {
        resumeAt = null;
        lastCompleteMs = nowMs;
        return;
      }
      const last = rows[rows.length - 1]!;
      cursor = { revokedAt: toIsoUtc(last.revoked_at!), id: last.id };
    }
    resumeAt = cursor;
  };

  /** One read at a time; never rejects: a database fault is logged (once a minute while it lasts), the next read tries again. */
  const read = (): Promise<void> => {
    if (closed) return Promise.resolve();
    reading ??= readOnce()
      .then(
        () => {
          if (failureLoggedAtMs === null || closed) return;
          failureLoggedAtMs = null;
          log.warn('session revocation: reading the revocations from the database again');
        },
        (error: unknown) => {
          if (closed) return;
          const nowMs = Date.now();
          if (failureLoggedAtMs !== null && nowMs - failureLoggedAtMs < READ_FAILURE_LOG_EVERY_MS) return;
          failureLoggedAtMs = nowMs;
          log.error({ err: error }, 'session revocation: cannot read the revocations from the database; trying again every second');
        },
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  /** The next read REVOCATION_POLL_MS after the start of the one that just ended (never two at once). */
  const scheduleRead = (lastStartedMs: number): void => {
    if (closed) return;
    const delayMs = Math.max(MIN_READ_PAUSE_MS, lastStartedMs + REVOCATION_POLL_MS - performance.now());
    timer = setTimeout(() => {
      timer = null;
      const startedMs = performance.now();
      void read().then(() => scheduleRead(startedMs));
    }, delayMs);
    timer.unref();
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
        log.error({ err: error }, 'session revocation: broadcast failed; the other instances read it from the database within a second');
      }
    },
    async start(logger) {
      if (started || closed) return;
      started = true;
      log = logger ?? silentLog;
      // Listen first, then read: a revocation committed in between arrives by message.
      if (broker) {
        const listening = broker.listen(
          (payload) => {
            const notice = parseRevocationNotice(payload);
            if (notice) revoked.apply(notice);
          },
          // Back after a disconnection: read at once rather than at the next tick.
          () => void read(),
        );
        // Startup does not wait for an unreachable Redis: the subscription completes when it is back.
        await (broker.kind === 'redis' ? Promise.race([listening, new Promise((resolve) => setTimeout(resolve, REDIS_SUBSCRIBE_WAIT_MS).unref())]) : listening);
      }
      if (closed) return;
      const startedMs = performance.now();
      await read();
      scheduleRead(startedMs);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      // A read under way is not waited for (shutdown never waits on a hung database): it ends unlogged, none follows.
      await broker?.close();
    },
  };
}
