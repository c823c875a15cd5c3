import type { Kysely } from 'kysely';
import type { NotificationKind, NotificationTopic } from 'shared-contracts/schemas';
import type { Database } from '../../../db/schema';

/** A notification as the channels send it. */
export interface NotificationToDeliver {
  id: number;
  userId: number;
  kind: NotificationKind;
  topic: NotificationTopic;
  title: string;
  body: string;
  link: string | null;
}

/**
 * STUB (issue 49): puts the notification's delivery in the outbox on the first channel the user allows for its topic
 * (and can be reached on); the worker sends it and falls back to the next allowed channel when one fails for good.
 * Call it in the transaction that wrote the notification.
 */
export async function scheduleDeliveries(_db: Kysely<Database>, _notification: NotificationToDeliver, _now: Date): Promise<void> {}
