import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NotificationChannel, NotificationKind, NotificationTopic } from 'shared-contracts/schemas';
import type { Instant, NullableInstant } from './instants';

/** A user's choice of one channel for one topic (migration 0046); no row: DEFAULT_NOTIFICATION_PREFERENCES (marketing: off). */
export interface NotificationPreferencesTable {
  user_id: number;
  topic: NotificationTopic;
  channel: NotificationChannel;
  /** 1 on, 0 off. */
  enabled: number;
  updated_at: Instant;
}

/** A browser's Web Push subscription (one per device; the endpoint is the push service's address for it). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Instant;
  last_used_at: NullableInstant;
}

export const NOTIFICATION_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type NotificationDeliveryStatus = (typeof NOTIFICATION_DELIVERY_STATUSES)[number];

/**
 * One notification on one channel outside the site: the outbox the delivery worker sends from. It keeps the message
 * as it was sent (title, body, link) and the provider's answer; unique per (notification, channel), so a fallback
 * never tries a channel twice.
 */
export interface NotificationDeliveriesTable {
  id: Generated<number>;
  notification_id: number;
  user_id: number;
  kind: NotificationKind;
  topic: NotificationTopic;
  title: string;
  body: string;
  link: string | null;
  /** A provider template's further parameters as JSON ({"check_in_code": …}), or null. */
  template_data: ColumnType<string | null, string | null | undefined, string | null>;
  channel: NotificationChannel;
  status: ColumnType<NotificationDeliveryStatus, NotificationDeliveryStatus | undefined, NotificationDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Instant;
  /** The provider's id of the message (ZNS msg_id, eSMS SMSID, the email outbox id, the push service's Location). */
  provider_ref: string | null;
  last_error: string | null;
  /** The provider's last answer, as received (bounded). */
  raw_answer: string | null;
  created_at: Instant;
  updated_at: Instant;
  sent_at: NullableInstant;
}

export interface NotificationChannelTables {
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_deliveries: NotificationDeliveriesTable;
}

export type NotificationDeliveryRow = Selectable<NotificationDeliveriesTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
