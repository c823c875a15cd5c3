import type { Kysely } from 'kysely';
import type { NotificationChannel as ChannelName, NotificationKind, NotificationTopic } from 'shared-contracts/schemas';
import type { Database } from '../../../db/schema';
import { nextChannel, readChoices, readReach } from './preferences';

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
}

/**
 * Puts the notification's delivery in the outbox (notification_deliveries) on the first channel the user allows for
 * its topic and can be reached on (marketing: only channels the user opted into); the delivery worker sends it and
 * falls back to the next allowed channel when one fails for good. Call it in the transaction that wrote the
 * notification: no delivery without its notification, and a second call for the same notification adds nothing.
 */
export async function scheduleDeliveries(db: Kysely<Database>, notification: NotificationToDeliver, now: Date): Promise<void> {
  // One after the other: in the caller's transaction the statements share one connection.
  const choices = await readChoices(db, notification.userId, notification.topic);
  const reach = await readReach(db, notification.userId);
  if (!reach) return;
  const channel = nextChannel(choices[notification.topic], reach, null, new Set());
  if (channel === null) return;
  await insertDelivery(db, notification, channel, now);
}

/** One delivery row (nothing when this notification already has one on the channel). */
export async function insertDelivery(db: Kysely<Database>, notification: NotificationToDeliver, channel: ChannelName, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('notification_deliveries')
    .values({
      notification_id: notification.id,
      user_id: notification.userId,
      kind: notification.kind,
      topic: notification.topic,
      title: notification.title.slice(0, 200),
      body: notification.body,
      link: notification.link,
      template_data: notification.templateData ? JSON.stringify(notification.templateData) : null,
      channel,
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.columns(['notification_id', 'channel']).doNothing())
    .execute();
}
