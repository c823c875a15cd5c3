import type { Generated } from 'kysely';
import type { NotificationKind, NotificationTopic } from 'shared-contracts/schemas';
import type { Instant, NullableInstant } from './instants';

/**
 * One notification of the bell (issue 49 §2): written once per user and event (unique user_id + event_key), read
 * newest first, marked read by its owner.
 */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: NotificationKind;
  topic: NotificationTopic;
  title: string;
  body: string;
  /** A site path to open, or null. */
  link: string | null;
  /** What makes a second write of the same event a no-op ('order:EV2611-0042:SHIPPING'). */
  event_key: string;
  created_at: Instant;
  read_at: NullableInstant;
}

export interface NotificationCentreTables {
  notifications: NotificationsTable;
}
