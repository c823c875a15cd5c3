import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NotificationChannel, NotificationTopic } from 'shared-contracts/schemas';
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
 * The one outbox (migration 0055): every message to a person on a channel outside the site, sent by the delivery
 * worker. A row is one notification of a user on one channel (unique per notification and channel, so a fallback
 * never tries a channel twice), or a direct email to an address (a code, a guest's booking, an invitation). It keeps
 * the message as it was sent and the provider's answer.
 */
export interface NotificationDeliveriesTable {
  id: Generated<number>;
  /** The notification delivered and its user: both null for a direct email. */
  notification_id: number | null;
  user_id: number | null;
  /** An email's recipient (the user's verified address when it was queued, or the direct email's). */
  to_address: string | null;
  /** The notification's kind, or a direct email's kind ('verify_email'). */
  kind: string;
  /** The composed email's kind ('order_placed'): set when title, body and html_body are the email as sent. */
  template: string | null;
  topic: NotificationTopic | null;
  /** Send order (notifications/channels/deliveryPriority.ts): 0 first. */
  priority: ColumnType<DeliveryPriority, DeliveryPriority | undefined, DeliveryPriority>;
  /** The title, or a composed email's subject. */
  title: string;
  /** The text, or a composed email's text body. */
  body: string;
  html_body: string | null;
  link: string | null;
  /** A provider template's further parameters as JSON ({"check_in_code": …}), or null. */
  template_data: ColumnType<string | null, string | null | undefined, string | null>;
  channel: NotificationChannel;
  status: ColumnType<NotificationDeliveryStatus, NotificationDeliveryStatus | undefined, NotificationDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Instant;
  /** The provider's id of the message (ZNS msg_id, eSMS SMSID, the SMTP Message-ID, the push service's Location). */
  provider_ref: string | null;
  last_error: string | null;
  /** The provider's last answer, as received (bounded). */
  raw_answer: string | null;
  created_at: Instant;
  updated_at: Instant;
  sent_at: NullableInstant;
}

/** 0 someone is waiting for it (a code), 1 the news of their own order or booking, 2 bulk reminders. */
export type DeliveryPriority = 0 | 1 | 2;

export interface NotificationChannelTables {
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_deliveries: NotificationDeliveriesTable;
}

export type NotificationDeliveryRow = Selectable<NotificationDeliveriesTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
