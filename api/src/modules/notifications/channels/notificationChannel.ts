import type { NotificationChannel as ChannelName, NotificationKind, NotificationTopic } from 'shared-contracts/schemas';

/** Who a delivery goes to, as the users table and their push subscriptions know them. */
export interface DeliveryRecipient {
  userId: number;
  fullName: string;
  email: string;
  emailVerified: boolean;
  /** Vietnamese mobile number as stored ('0912345678'), or null. */
  phone: string | null;
  pushSubscriptions: ReadonlyArray<{ id: number; endpoint: string; p256dh: string; auth: string }>;
}

/** One notification to send on one channel (a notification_deliveries row and its recipient). */
export interface Delivery {
  /** The delivery's id: the provider's request id where it takes one (eSMS RequestId, ZNS tracking_id), so a retry is recognised. */
  id: number;
  notificationId: number;
  kind: NotificationKind;
  topic: NotificationTopic;
  title: string;
  body: string;
  /** A site path ('/orders/EV2611-0042') or null. */
  link: string | null;
  /** A provider template's further parameters (empty for most kinds). */
  templateData: Readonly<Record<string, string>>;
  attempt: number;
  recipient: DeliveryRecipient;
}

/**
 * What a send came to: `sent` (the provider took it), `retry` (try this channel again later: a time-out, the
 * network, an expired token), `failed` (never on this channel: the next allowed one is tried).
 */
export type SendOutcome =
  | { status: 'sent'; providerRef: string | null; raw: string | null }
  | { status: 'retry'; error: string; raw: string | null }
  | { status: 'failed'; error: string; raw: string | null };

/** A channel outside the site, behind which the provider is hidden. */
export interface NotificationChannel {
  readonly name: ChannelName;
  /** Whether this channel can reach the recipient at all (a phone, a verified email, a subscribed device). */
  canReach(recipient: Omit<DeliveryRecipient, 'pushSubscriptions'> & { pushSubscriptionCount: number }): boolean;
  /** Sends one delivery; never throws for a provider's answer (it is an outcome), only for a defect. */
  send(delivery: Delivery, signal: AbortSignal): Promise<SendOutcome>;
}

/** The provider's answer as kept on the delivery row (bounded). */
export function rawAnswer(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.slice(0, 4000);
}

/** The absolute address of a site path for a message read outside the site. */
export function absoluteLink(publicUrl: string, link: string | null): string {
  return link ? `${publicUrl}${link.startsWith('/') ? link : `/${link}`}` : publicUrl;
}
