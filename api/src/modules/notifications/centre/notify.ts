import type { Kysely } from 'kysely';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_EVENT,
  NOTIFICATION_KIND_TOPICS,
  NOTIFICATION_TITLE_MAX,
  type NotificationKind,
} from 'shared-contracts/schemas';
import { paddedInList } from '../../../db/chunks';
import { inTransaction } from '../../../db/inTransaction';
import { toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import type { EventBus } from '../../../events/eventBus';
import { deliveriesWaiting, scheduleDeliveriesOf } from '../channels';
import type { EmailContent } from '../emailTemplates';
import { cappedUnread, notificationOf, unreadCountsOf, type NotificationRow } from './notificationReads';

export interface NotifyDeps {
  db: Kysely<Database>;
  events: EventBus;
  now: Date;
}

export interface NotifyInput {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A site path to open, or null. */
  link: string | null;
  /** Unique per user: the same event never makes two notifications (e.g. 'order:42:shipped'). */
  eventKey: string;
  /** Parameters a provider's template takes besides the title, body and link (the booking's check-in QR for ZNS). */
  templateData?: Readonly<Record<string, string>>;
  /**
   * The email of this fact when the email channel is the one chosen (one of the centre's templates, e.g.
   * orderStatusEmail: the order's lines and links); without it the email channel sends the title and body.
   */
  email?: EmailContent;
}

/** Event keys, links: longer ones are a bug of the caller, cut rather than refused (the table bounds them). */
const EVENT_KEY_MAX = 200;
const LINK_MAX = 500;
/** Rows one insert statement writes (a centre's staff, a product's wishers). */
const INSERT_CHUNK = 200;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Writes the notifications inside the caller's transaction (once per user and eventKey: a repeated event is a
 * no-op) and schedules the new ones' deliveries on the channel each user allows; a notification that carries its
 * email and goes by email is queued as that email in the same transaction. So the change and its message
 * commit together. The users' open pages learn of them after the commit (announcePending, called by the centre
 * for the bus message the change publishes; or notify, which does both).
 */
export async function notifyWithin(trx: Kysely<Database>, inputs: NotifyInput | readonly NotifyInput[], now: Date): Promise<NotificationRow[]> {
  const list = (Array.isArray(inputs) ? inputs : [inputs]) as readonly NotifyInput[];
  if (list.length === 0) return [];
  const createdAt = now.toISOString();
  const rows: (NotificationRow & { event_key: string })[] = [];
  for (let start = 0; start < list.length; start += INSERT_CHUNK) {
    const values = list.slice(start, start + INSERT_CHUNK).map((input) => ({
      user_id: input.userId,
      kind: input.kind,
      topic: NOTIFICATION_KIND_TOPICS[input.kind],
      title: clip(input.title.trim() || 'Thông báo', NOTIFICATION_TITLE_MAX),
      body: clip(input.body, NOTIFICATION_BODY_MAX),
      link: input.link === null ? null : input.link.slice(0, LINK_MAX),
      event_key: input.eventKey.slice(0, EVENT_KEY_MAX),
      created_at: createdAt,
      read_at: null,
    }));
    const inserted = await trx
      .insertInto('notifications')
      .values(values)
      .onConflict((conflict) => conflict.columns(['user_id', 'event_key']).doNothing())
      .returning(['id', 'user_id', 'kind', 'topic', 'title', 'body', 'link', 'created_at', 'read_at', 'event_key'])
      .execute();
    rows.push(...inserted);
  }
  const byKey = new Map(list.map((input) => [`${input.userId}\n${input.eventKey.slice(0, EVENT_KEY_MAX)}`, input]));
  await scheduleDeliveriesOf(
    trx,
    rows.map(({ event_key: eventKey, ...row }) => {
      const input = byKey.get(`${row.user_id}\n${eventKey}`);
      return { id: row.id, userId: row.user_id, kind: row.kind, topic: row.topic, title: row.title, body: row.body, link: row.link, templateData: input?.templateData ?? null, email: input?.email ?? null };
    }),
    now,
  );
  const created = rows.map(({ event_key: _eventKey, ...row }) => row);
  for (const row of created) pending.set(row.id, { userId: row.user_id, at: Date.now() });
  return created;
}

/**
 * Notifications written inside a transaction and not yet told to their user's pages (by id): told by
 * announcePending once the change is committed; forgotten after PENDING_MS (a transaction rolled back).
 */
const pending = new Map<number, { userId: number; at: number }>();
const PENDING_MS = 60_000;

/** Tells the user's open pages of their notifications written inside a committed transaction (none: nothing). */
export async function announcePending(deps: NotifyDeps, userId: number): Promise<void> {
  await announcePendingOf(deps, [userId]);
}

/** announcePending for several users at once (a batch of bus messages): two reads for them all. */
export async function announcePendingOf(deps: NotifyDeps, userIds: readonly number[]): Promise<void> {
  const users = new Set(userIds);
  const ids: number[] = [];
  for (const [id, entry] of pending) {
    if (Date.now() - entry.at > PENDING_MS) pending.delete(id);
    else if (users.has(entry.userId)) ids.push(id);
  }
  if (ids.length === 0) return;
  const columns = ['notifications.id', 'notifications.user_id', 'notifications.kind', 'notifications.topic', 'notifications.title', 'notifications.body', 'notifications.link', 'notifications.created_at', 'notifications.read_at'] as const;
  let rows: NotificationRow[];
  let counts: Map<number, number>;
  if (users.size === 1) {
    // The rows that committed (a rolled-back transaction's are gone), with the user's unread count after them: one read.
    const [userId] = users;
    const read = await deps.db.selectFrom('notifications').select(columns).select(cappedUnread(deps.db, userId!).as('unread_count')).where('notifications.id', 'in', ids).execute();
    if (read.length === 0) return;
    rows = read.map(({ unread_count: _count, ...row }) => row);
    counts = new Map([[userId!, toNumber(read[0]!.unread_count)]]);
  } else {
    rows = await deps.db.selectFrom('notifications').select(columns).where('notifications.id', 'in', paddedInList(ids)).execute();
    if (rows.length === 0) return;
    counts = await unreadCountsOf(deps.db, [...new Set(rows.map((row) => row.user_id))]);
  }
  for (const row of rows) pending.delete(row.id);
  deliveriesWaiting();
  await announce(deps, rows, counts);
}

/**
 * Writes the notifications and their deliveries in a transaction of their own (notifyWithin), then tells each
 * user's open pages (`event: notification` with their unread count). Called after the change it is about was committed.
 */
export async function notify(deps: NotifyDeps, inputs: NotifyInput | readonly NotifyInput[]): Promise<void> {
  const created = await inTransaction(deps.db, (trx) => notifyWithin(trx, inputs, deps.now));
  for (const row of created) pending.delete(row.id);
  if (created.length === 0) return;
  deliveriesWaiting();
  await announce(deps, created);
}

/** `unreadCounts`: the users' counts when the caller read them with the rows; else one read for every user. */
async function announce(deps: NotifyDeps, created: readonly NotificationRow[], unreadCounts?: ReadonlyMap<number, number>): Promise<void> {
  if (created.length === 0) return;
  // Each user's pages get each new notification with the unread count after them all.
  const byUser = new Map<number, NotificationRow[]>();
  for (const row of created) {
    const rows = byUser.get(row.user_id);
    if (rows) rows.push(row);
    else byUser.set(row.user_id, [row]);
  }
  const counts = unreadCounts ?? (await unreadCountsOf(deps.db, [...byUser.keys()]));
  // Published together: the bus writes messages published in one turn with one insert into its log, in this order.
  const published: Promise<void>[] = [];
  for (const [userId, rows] of byUser) {
    const unreadCount = counts.get(userId) ?? 0;
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      published.push(deps.events.publishPersonal({ userId, event: { name: NOTIFICATION_EVENT, data: { notification: notificationOf(row), unreadCount } } }));
    }
  }
  await Promise.all(published);
}
