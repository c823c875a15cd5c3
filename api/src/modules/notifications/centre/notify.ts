import type { Kysely } from 'kysely';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_EVENT,
  NOTIFICATION_KIND_TOPICS,
  NOTIFICATION_TITLE_MAX,
  type NotificationKind,
} from 'shared-contracts/schemas';
import { inTransaction } from '../../../db/inTransaction';
import type { Database } from '../../../db/schema';
import type { EventBus } from '../../../events/eventBus';
import { deliveriesWaiting, scheduleDeliveriesOf } from '../channels';
import { notificationOf, unreadCountsOf, type NotificationRow } from './notificationReads';

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
 * Writes the notifications (once per user and eventKey: a repeated event is a no-op), schedules the new ones'
 * deliveries on the channels each user allows in the same transaction, then tells each user's open pages
 * (`event: notification` with their unread count). Called after the change it is about was committed.
 */
export async function notify(deps: NotifyDeps, inputs: NotifyInput | readonly NotifyInput[]): Promise<void> {
  const list = (Array.isArray(inputs) ? inputs : [inputs]) as readonly NotifyInput[];
  if (list.length === 0) return;
  const createdAt = deps.now.toISOString();
  const created = await inTransaction(deps.db, async (trx) => {
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
    const templateData = new Map(list.map((input) => [`${input.userId}\n${input.eventKey.slice(0, EVENT_KEY_MAX)}`, input.templateData ?? null]));
    await scheduleDeliveriesOf(
      trx,
      rows.map(({ event_key: eventKey, ...row }) => ({ id: row.id, userId: row.user_id, kind: row.kind, topic: row.topic, title: row.title, body: row.body, link: row.link, templateData: templateData.get(`${row.user_id}\n${eventKey}`) ?? null })),
      deps.now,
    );
    return rows.map(({ event_key: _eventKey, ...row }) => row);
  });
  if (created.length === 0) return;
  deliveriesWaiting();

  // Each user's pages get each new notification with the unread count after them all (one read for every user).
  const byUser = new Map<number, NotificationRow[]>();
  for (const row of created) {
    const rows = byUser.get(row.user_id);
    if (rows) rows.push(row);
    else byUser.set(row.user_id, [row]);
  }
  const unreadCounts = await unreadCountsOf(deps.db, [...byUser.keys()]);
  for (const [userId, rows] of byUser) {
    const unreadCount = unreadCounts.get(userId) ?? 0;
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      await deps.events.publishPersonal({ userId, event: { name: NOTIFICATION_EVENT, data: { notification: notificationOf(row), unreadCount } } });
    }
  }
}
