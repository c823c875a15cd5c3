import type { Insertable, Kysely } from 'kysely';
import type { NotificationChannel as ChannelName, NotificationKind, NotificationTopic } from 'shared-contracts/schemas';
import { chunksOf } from '../../../db/chunks';
import type { NotificationDeliveriesTable } from '../../../db/notificationChannelSchema';
import type { Database } from '../../../db/schema';
import type { EmailContent } from '../emailTemplates';
import { deliveryPriority } from './deliveryPriority';
import { nextChannel, readChoicesAndReachOf } from './preferences';
import { serverSendsOn } from './serverChannels';

/** A notification as the channels send it. */
export interface NotificationToDeliver {
  id: number;
  userId: number;
  kind: NotificationKind;
  topic: NotificationTopic;
  title: string;
  body: string;
  link: string | null;
  /** A provider template's further parameters (the booking's check-in QR for ZNS). */
  templateData?: Readonly<Record<string, string>> | null;
  /** The fact's own email (a template of the centre), sent when email is the channel chosen. */
  email?: EmailContent | null;
}

/**
 * Puts the notification's delivery in the outbox (notification_deliveries) on the first channel the user allows for
 * its topic and can be reached on, among those the server sends on (serverChannels.ts; marketing: only channels the
 * user opted into); the delivery worker sends it and falls back to the next allowed channel when one fails for good.
 * Call it in the transaction that wrote the notification: no delivery without its notification, and a second call
 * for the same notification adds nothing.
 * A notification that carries its own email and goes by email is queued as that email (subject, text, HTML).
 */
export async function scheduleDeliveries(db: Kysely<Database>, notification: NotificationToDeliver, now: Date): Promise<void> {
  await scheduleDeliveriesOf(db, [notification], now);
}

/**
 * scheduleDeliveries of several notifications (one event's recipients) with one read of their users' choices and
 * reach and one insert, one statement after the other (in the caller's transaction they share one connection).
 */
export async function scheduleDeliveriesOf(db: Kysely<Database>, notifications: readonly NotificationToDeliver[], now: Date): Promise<void> {
  if (notifications.length === 0) return;
  const userIds = [...new Set(notifications.map((notification) => notification.userId))];
  const { choices, reach } = await readChoicesAndReachOf(db, userIds, [...new Set(notifications.map((notification) => notification.topic))]);
  const rows: DeliveryInsert[] = [];
  for (const notification of notifications) {
    const userReach = reach.get(notification.userId);
    if (!userReach) continue;
    const channel = nextChannel(choices.get(notification.userId)![notification.topic], userReach, null, new Set(), serverSendsOn);
    if (channel === null) continue;
    rows.push(deliveryRow(notification, channel, userReach.email, now));
  }
  for (const chunk of chunksOf(rows, DELIVERY_ROWS_PER_STATEMENT)) await insertDeliveryRows(db, chunk);
}

/** Delivery rows (none for a notification that already has one on the channel). */
async function insertDeliveryRows(db: Kysely<Database>, rows: readonly DeliveryInsert[]): Promise<void> {
  await db
    .insertInto('notification_deliveries')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['notification_id', 'channel']).doNothing())
    .execute();
}

type DeliveryInsert = Insertable<NotificationDeliveriesTable>;
/** Rows one insert writes (22 columns each: well under either database's bound values). */
const DELIVERY_ROWS_PER_STATEMENT = 200;

/** A row's columns that say the message: an email composed when queued (subject, text, HTML), its kind and priority. */
type MessageColumns = Pick<DeliveryInsert, 'kind' | 'template' | 'priority' | 'title' | 'body' | 'html_body'>;

/** An email as its delivery row keeps it, composed: `kind` the notification's (or the email's own for a direct email). */
export function composedEmailColumns(email: EmailContent, kind: string = email.kind): MessageColumns {
  return { kind, template: email.kind, priority: deliveryPriority(email.kind), title: email.subject.slice(0, 300), body: email.text, html_body: email.html };
}

/**
 * A new delivery: pending, untried, due `now`. Every column is written: the rows of one insert must name the same
 * columns, or a batch mixing an email with a push asks SQLite for `default` in VALUES.
 */
export function pendingDelivery(columns: Omit<DeliveryInsert, 'status' | 'attempts' | 'provider_ref' | 'last_error' | 'raw_answer' | 'sent_at' | 'next_attempt_at' | 'created_at' | 'updated_at'>, now: Date): DeliveryInsert {
  const at = now.toISOString();
  return { ...columns, status: 'pending', attempts: 0, provider_ref: null, last_error: null, raw_answer: null, sent_at: null, next_attempt_at: at, created_at: at, updated_at: at };
}

/** A notification's delivery on `channel`: an email carries its address (the user's, verified when queued) and, for a fact with an email of its own, that email as composed. */
function deliveryRow(notification: NotificationToDeliver, channel: ChannelName, address: string, now: Date): DeliveryInsert {
  const email = channel === 'email' ? (notification.email ?? null) : null;
  const message: MessageColumns = email
    ? composedEmailColumns(email, notification.kind)
    : { kind: notification.kind, template: null, priority: deliveryPriority(notification.kind), title: notification.title.slice(0, 300), body: notification.body, html_body: null };
  return pendingDelivery(
    {
      notification_id: notification.id,
      user_id: notification.userId,
      to_address: channel === 'email' ? address : null,
      topic: notification.topic,
      ...message,
      link: notification.link,
      template_data: notification.templateData ? JSON.stringify(notification.templateData) : null,
      channel,
    },
    now,
  );
}

/** One delivery row (nothing when this notification already has one on the channel); `address`: the user's email. */
export async function insertDelivery(db: Kysely<Database>, notification: NotificationToDeliver, channel: ChannelName, address: string, now: Date): Promise<void> {
  await insertDeliveryRows(db, [deliveryRow(notification, channel, address, now)]);
}
