import { sql, type Kysely } from 'kysely';
import { chunksOf } from '../../../db/chunks';
import { toNumber } from '../../../db/portable';
import { preparedQuery } from '../../../db/preparedQuery';
import type { Database } from '../../../db/schema';

/**
 * The bell's count as a number per user (notification_unread_counts), moved in the transaction that inserts or
 * marks the rows: reading it costs one row however many notifications a user has left unread (a centre's staff are
 * told of every web order). The rows stay the truth: recountUnread rebuilds the numbers from them.
 */
type Db = Kysely<Database>;

const unreadOfUser = preparedQuery<{ userId: number }>()((db, param) =>
  db.selectFrom('notification_unread_counts').select('unread').where('user_id', '=', param('userId')),
);

/** The user's unread notifications (0 without a row). */
export async function readUnreadCount(db: Db, userId: number): Promise<number> {
  return toNumber((await unreadOfUser.first(db, { userId }))?.unread ?? 0);
}

/**
 * Adds each user's newly inserted unread notifications to their count, inside the inserting transaction; answers
 * the counts after it. Users in ascending id, so that two transactions telling the same users lock their rows in
 * one order.
 */
export async function addUnread(trx: Db, added: ReadonlyMap<number, number>): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  const values = [...added].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  for (const chunk of chunksOf(values)) {
    const rows = await trx
      .insertInto('notification_unread_counts')
      .values(chunk.map(([userId, count]) => ({ user_id: userId, unread: count })))
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ unread: sql<number>`notification_unread_counts.unread + excluded.unread` }))
      .returning(['user_id', 'unread'])
      .execute();
    for (const row of rows) counts.set(row.user_id, toNumber(row.unread));
  }
  return counts;
}

const subtractUnreadOfUser = preparedQuery<{ userId: number; count: number }>()((db, param) =>
  db
    .updateTable('notification_unread_counts')
    // Never below 0: a count out of step with its rows (written by hand) must not fail the reader's click.
    .set({ unread: sql<number>`case when unread > ${param('count')} then unread - ${param('count')} else 0 end` })
    .where('user_id', '=', param('userId'))
    .returning('unread'),
);

/** Takes `count` notifications the user just marked read off their count (same transaction); answers the count after. */
export async function subtractUnread(trx: Db, userId: number, count: number): Promise<number> {
  if (count <= 0) return readUnreadCount(trx, userId);
  const row = await subtractUnreadOfUser.first(trx, { userId, count });
  return toNumber(row?.unread ?? 0);
}

/** Rebuilds every user's count from the rows (after rows written outside notifyWithin: the demo seed). */
export async function recountUnread(db: Db): Promise<void> {
  await db.deleteFrom('notification_unread_counts').execute();
  await sql`insert into notification_unread_counts (user_id, unread)
    select user_id, count(*) from notifications where read_at is null group by user_id`.execute(db);
}
