import type { Kysely, Selectable } from 'kysely';
import { NOTIFICATIONS_PAGE_SIZE, type MarkNotificationsReadInput, type Notification, type NotificationList } from 'shared-contracts/schemas';
import { inTransaction } from '../../../db/inTransaction';
import type { NotificationsTable } from '../../../db/notificationCentreSchema';
import { toIsoUtc } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import { readUnreadCount, subtractUnread } from './unreadCounter';

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

/** The bell's count: read on every page a signed-in user opens (one row: unreadCounter). */
export const unreadCountOf = readUnreadCount;

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
  return inTransaction(db, async (trx) => {
    let update = trx.updateTable('notifications').set({ read_at: now.toISOString() }).where('user_id', '=', userId).where('read_at', 'is', null);
    if ('ids' in input) update = update.where('id', 'in', [...new Set(input.ids)]);
    const marked = await update.executeTakeFirst();
    return subtractUnread(trx, userId, Number(marked.numUpdatedRows));
  });
}
