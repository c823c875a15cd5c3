import { sql, type Kysely, type Selectable } from 'kysely';
import { NOTIFICATIONS_PAGE_SIZE, UNREAD_COUNT_CAP, type MarkNotificationsReadInput, type Notification, type NotificationList } from 'shared-contracts/schemas';
import { chunksOf } from '../../../db/chunks';
import type { NotificationsTable } from '../../../db/notificationCentreSchema';
import { toIsoUtc, toNumber } from '../../../db/portable';
import { preparedQuery } from '../../../db/preparedQuery';
import type { Database } from '../../../db/schema';

/** Users whose counts one statement reads (each is a subquery of its own). */
const COUNTS_PER_STATEMENT = 50;

export type NotificationRow = Pick<Selectable<NotificationsTable>, 'id' | 'user_id' | 'kind' | 'topic' | 'title' | 'body' | 'link' | 'created_at' | 'read_at'>;

export function notificationOf(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    topic: row.topic,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: toIsoUtc(row.created_at),
    readAt: row.read_at === null ? null : toIsoUtc(row.read_at),
  };
}

/**
 * The user's unread notifications up to UNREAD_COUNT_CAP, read through the unread rows' partial index: however many a
 * user left unread, the count reads at most the cap's rows.
 */
export function cappedUnread(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom((inner) => inner.selectFrom('notifications').select('id').where('user_id', '=', userId).where('read_at', 'is', null).limit(UNREAD_COUNT_CAP).as('unread'))
    .select((eb) => eb.fn.countAll<string | number>().as('count'));
}

/** The bell's count: read on every page a signed-in user opens. */
const unreadCount = preparedQuery<{ userId: number }>()((db, param) => cappedUnread(db, param('userId')));

export async function unreadCountOf(db: Kysely<Database>, userId: number): Promise<number> {
  return toNumber((await unreadCount.first(db, { userId }))?.count);
}

/** The unread counts (capped) of several users in one read: each user's count, one after the other in one statement. */
export async function unreadCountsOf(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((userId) => [userId, 0]));
  for (const chunk of chunksOf([...counts.keys()], COUNTS_PER_STATEMENT)) {
    const [first, ...rest] = chunk.map((userId) => cappedUnread(db, userId).select(sql.lit(userId).as('user_id')));
    const rows = await rest.reduce((query, next) => query.unionAll(next), first!).execute();
    for (const row of rows) counts.set(toNumber(row.user_id), toNumber(row.count));
  }
  return counts;
}

/** The user's own notifications, newest first, a page at a time (`before`: the last id seen). */
export async function readNotifications(
  db: Kysely<Database>,
  userId: number,
  query: { before?: number | undefined; limit?: number | undefined; unreadOnly?: boolean | undefined },
): Promise<NotificationList> {
  const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
  let select = db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'kind', 'topic', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (query.before !== undefined) select = select.where('id', '<', query.before);
  if (query.unreadOnly) select = select.where('read_at', 'is', null);
  const [rows, count] = await Promise.all([select.execute(), unreadCountOf(db, userId)]);
  return { items: rows.slice(0, limit).map(notificationOf), hasMore: rows.length > limit, unreadCount: count };
}

/** Marks the user's own notifications read (ids of another user's are left untouched); answers the unread count. */
export async function markNotificationsRead(db: Kysely<Database>, userId: number, input: MarkNotificationsReadInput, now: Date): Promise<number> {
  let update = db.updateTable('notifications').set({ read_at: now.toISOString() }).where('user_id', '=', userId).where('read_at', 'is', null);
  if ('ids' in input) update = update.where('id', 'in', [...new Set(input.ids)]);
  await update.execute();
  return unreadCountOf(db, userId);
}
