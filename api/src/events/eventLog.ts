import { sql, type Kysely } from 'kysely';
import { runsOneTransactionAtATime } from '../db/sqlDialect';
import type { Database } from '../db/schema';

/**
 * The live bus's log (table live_event_log, migration 0049): each published message is one row, whose id is the
 * SSE `id:` of its frames. The broker only relays rows; what the broker missed (an instance cut off from it, a
 * stream reconnecting with Last-Event-ID) is read back from here. Rows are kept LOG_RETENTION_MS.
 */

/** How long a message stays readable: a stream that reconnects later, or an id older, is told to re-read. */
export const LOG_RETENTION_MS = 15 * 60_000;

/** A row of the log: its id and the message as JSON. */
export interface LoggedPayload {
  id: number;
  payload: string;
}

/** Which streams a message is for: the user's and the centre's (either may be none). */
export interface LogKeys {
  userId: number | null;
  centreId: number | null;
}

/** The advisory lock that orders the log's inserts on PostgreSQL (any constant no other code of the API takes). */
const LOG_ORDER_LOCK = 6_902_017;

/** A message to write: its streams' keys and its JSON. */
export interface LogEntry {
  keys: LogKeys;
  payload: string;
}

/** At most this many messages in one insert (3 parameters each, far under either database's limit). */
const APPEND_BATCH_MAX = 200;

/**
 * Writes `entries` in one insert, in their order; resolves with their ids, in the same order. On PostgreSQL the insert
 * first takes a transaction lock, so that ids are committed in their order: without it a row could commit after a
 * higher id a stream already had, and a replay from that stream's Last-Event-ID would miss it. SQLite writes one
 * transaction at a time already. Ids grow in the rows' order within the insert, so the ids sorted are the entries'.
 */
export async function appendToLog(db: Kysely<Database>, entries: readonly LogEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  if (!runsOneTransactionAtATime(db)) {
    const rows = sql.join(entries.map((entry) => sql`(${entry.keys.userId}::integer, ${entry.keys.centreId}::integer, ${entry.payload}::text)`));
    const result = await sql<{ id: number | string }>`
      insert into live_event_log (user_id, centre_id, payload)
      select rows.user_id, rows.centre_id, rows.payload
      from (select pg_advisory_xact_lock(${LOG_ORDER_LOCK})) as commit_order,
        (values ${rows}) as rows (user_id, centre_id, payload)
      returning id`.execute(db);
    return result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }
  const inserted = await db
    .insertInto('live_event_log')
    .values(entries.map((entry) => ({ user_id: entry.keys.userId, centre_id: entry.keys.centreId, payload: entry.payload })))
    .returning('id')
    .execute();
  return inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/**
 * The log's writer for one bus: messages published in the same turn of the event loop (an order's several events)
 * are written by one insert, one commit and one round trip instead of one each. Each caller gets its own id.
 */
export function createLogAppender(db: Kysely<Database>): (keys: LogKeys, payload: string) => Promise<number> {
  const queued: Array<LogEntry & { resolve: (id: number) => void; reject: (error: unknown) => void }> = [];
  const flush = () => {
    const batch = queued.splice(0, APPEND_BATCH_MAX);
    if (queued.length > 0) setImmediate(flush);
    appendToLog(db, batch).then(
      (ids) => batch.forEach((entry, index) => entry.resolve(ids[index]!)),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  };
  return (keys, payload) =>
    new Promise<number>((resolve, reject) => {
      if (queued.length === 0) setImmediate(flush);
      queued.push({ keys, payload, resolve, reject });
    });
}

/** The newest id in the log, 0 when empty: where an instance starts reading. */
export async function logHead(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('live_event_log').select((eb) => eb.fn.max('id').as('head')).executeTakeFirst();
  return Number(row?.head ?? 0);
}

/** The oldest id still kept, null when the log is empty. */
export async function logTail(db: Kysely<Database>): Promise<number | null> {
  const row = await db.selectFrom('live_event_log').select((eb) => eb.fn.min('id').as('tail')).executeTakeFirst();
  return row?.tail === null || row?.tail === undefined ? null : Number(row.tail);
}

/** The ids after `afterId`, oldest first, at most `limit` (the primary key only: cheap when nothing was missed). */
export async function idsAfter(db: Kysely<Database>, afterId: number, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('live_event_log').select('id').where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((row) => Number(row.id));
}

/** The rows of `ids`, oldest first. */
export async function payloadsOf(db: Kysely<Database>, ids: readonly number[]): Promise<LoggedPayload[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('live_event_log').select(['id', 'payload']).where('id', 'in', ids).orderBy('id').execute();
  return rows.map((row) => ({ id: Number(row.id), payload: row.payload }));
}

/** What one stream listens to: users' ids, centres' ids, or every centre (then any row with a centre). */
export interface StreamKeys {
  userIds: readonly number[];
  centreIds: readonly number[];
  everyCentre: boolean;
}

/**
 * How far before a stream's Last-Event-ID a replay also reads: an instance delivers its own messages at once and
 * another's when its broker or its reading of the log brings them (up to SWEEP_EVERY_MS later), so a stream may have
 * got a higher id before a lower one. The reader drops the frames it already handled (shared-contracts eventStream).
 */
export const REPLAY_LOOK_BACK_MS = 3_000;
/** The look-back reads at most this many ids below Last-Event-ID (the primary key's range bounds the read). */
const LOOK_BACK_MAX_IDS = 5_000;

/**
 * The rows after `afterId` a stream of `keys` may receive, oldest first, at most `limit`; with `lookBack`, also those
 * written up to REPLAY_LOOK_BACK_MS before the row `afterId`.
 */
export async function rowsForStream(db: Kysely<Database>, afterId: number, keys: StreamKeys, limit: number, lookBack = false): Promise<LoggedPayload[]> {
  if (keys.userIds.length === 0 && keys.centreIds.length === 0 && !keys.everyCentre) return [];
  const last = lookBack ? await db.selectFrom('live_event_log').select('created_at').where('id', '=', afterId).executeTakeFirst() : undefined;
  const since = last ? new Date(new Date(last.created_at as string | Date).getTime() - REPLAY_LOOK_BACK_MS).toISOString() : null;
  const rows = await db
    .selectFrom('live_event_log')
    .select(['id', 'payload'])
    .where((eb) => (since === null ? eb('id', '>', afterId) : eb.or([eb('id', '>', afterId), eb.and([eb('id', '>', afterId - LOOK_BACK_MAX_IDS), eb('created_at', '>=', since)])])))
    .where((eb) =>
      eb.or([
        ...(keys.userIds.length > 0 ? [eb('user_id', 'in', [...keys.userIds])] : []),
        ...(keys.everyCentre ? [eb('centre_id', 'is not', null)] : keys.centreIds.length > 0 ? [eb('centre_id', 'in', [...keys.centreIds])] : []),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), payload: row.payload }));
}

/**
 * Deletes the rows older than `cutoff`. Ids grow with time, so the first row kept is found by walking the primary
 * key from the oldest (reading about as many rows as are deleted), and the delete is a range of the key.
 */
export async function pruneLog(db: Kysely<Database>, cutoff: Date): Promise<void> {
  const at = cutoff.toISOString();
  const firstKept = await db.selectFrom('live_event_log').select('id').where('created_at', '>=', at).orderBy('id').limit(1).executeTakeFirst();
  if (firstKept) await db.deleteFrom('live_event_log').where('id', '<', firstKept.id).execute();
  else await db.deleteFrom('live_event_log').where('created_at', '<', at).execute();
}
