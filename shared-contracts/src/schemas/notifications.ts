import { z } from 'zod';
import { isoInstantSchema } from './catalogue';
import { integerInput, textInput } from './primitives';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TOPICS,
  NOTIFICATIONS_PAGE_SIZE_MAX,
} from '../notifications/notificationRules';

/**
 * The notification centre (issue 49): one record per event a user should know, shown by the bell and the page, and
 * sent outside the site on the channels the user allows (Web Push, Zalo ZNS, SMS, email) through the outbox.
 * Routes (any signed-in role, own notifications only): /api/notifications…, /api/notifications/preferences,
 * /api/notifications/push-subscriptions, the live stream /api/notifications/events.
 */

export * from '../notifications/notificationRules';

const id = z.number().int().positive();
const count = z.number().int().nonnegative();

export const notificationSchema = z.object({
  id,
  kind: z.enum(NOTIFICATION_KINDS),
  topic: z.enum(NOTIFICATION_TOPICS),
  title: z.string().min(1),
  body: z.string(),
  /** A site path to open ("/orders/EV2611-0042", "/messages/12"); null when there is nothing to open. */
  link: z.string().nullable(),
  createdAt: isoInstantSchema,
  readAt: isoInstantSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** Older ones: ask again with `before` = the last item's id. */
  hasMore: z.boolean(),
  unreadCount: count,
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationsQuerySchema = z.object({
  before: integerInput({ message: 'Thông báo không hợp lệ.', min: 1 }).optional(),
  limit: integerInput({ message: 'Số thông báo không hợp lệ.', min: 1, max: NOTIFICATIONS_PAGE_SIZE_MAX }).optional(),
  unreadOnly: z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: 'Bộ lọc không hợp lệ.' })).optional(),
});

export const unreadCountSchema = z.object({ unreadCount: count });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** PUT /api/notifications/read: mark these (or, with `all`, every one up to now) read; answers the unread count. */
export const markNotificationsReadInputSchema = z.union([
  z.object({ ids: z.array(integerInput({ message: 'Thông báo không hợp lệ.', min: 1 })).min(1, 'Chưa chọn thông báo.').max(100, 'Tối đa 100 thông báo mỗi lần.') }),
  z.object({ all: z.literal(true) }),
]);
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadInputSchema>;

const channelChoices = z.object({ push: z.boolean(), zalo: z.boolean(), sms: z.boolean(), email: z.boolean() });

/** GET/PUT /api/notifications/preferences: per topic, which channels; plus what the user can be reached on. */
export const notificationPreferencesSchema = z.object({
  topics: z.object({
    booking: channelChoices,
    service: channelChoices,
    order: channelChoices,
    payment: channelChoices,
    message: channelChoices,
    marketing: channelChoices,
  }),
  /** Whether each channel can reach the user at all (push: a subscribed device; zalo/sms: a phone; email: verified). */
  reachable: z.object({ push: z.boolean(), zalo: z.boolean(), sms: z.boolean(), email: z.boolean() }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesInputSchema = z.object({
  topics: notificationPreferencesSchema.shape.topics,
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

const PUSH_SUBSCRIPTION_INVALID = 'Đăng ký nhận thông báo không hợp lệ.';

/**
 * The push services browsers subscribe at (Chrome/Edge/Opera: FCM; Firefox: Mozilla autopush; Safari: Apple; legacy
 * Edge: WNS): an exact host, or `*.` and a suffix. PUSH_ENDPOINT_HOSTS adds to them.
 */
export const KNOWN_PUSH_SERVICE_HOSTS: readonly string[] = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com'];

/** Whether `host` (a URL's lowercased hostname) is one of `patterns` (exact, or `*.suffix`: any name under the suffix). */
export function pushHostMatches(host: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern));
}

/**
 * Whether a push endpoint may be stored and sent to: https on a known push service's host (or one of `extraHosts`),
 * its default port, no user name or password, no IP address for a host. `standInOrigin` (tests' and development's
 * loopback push stand-in, never production) is allowed as it is.
 */
export function isAllowedPushEndpoint(endpoint: string, options: { extraHosts?: readonly string[]; standInOrigin?: string | null } = {}): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (options.standInOrigin && url.origin === options.standInOrigin) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  // The URL parser has already turned 2130706433, 0177.0.0.1 and 0x7f.1 into 127.0.0.1; IPv6 stays in brackets.
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || host.endsWith('.')) return false;
  return pushHostMatches(host, KNOWN_PUSH_SERVICE_HOSTS) || pushHostMatches(host, options.extraHosts ?? []);
}

const base64Url = (bytes: number, check: (decoded: Uint8Array) => boolean = () => true) =>
  textInput({ error: PUSH_SUBSCRIPTION_INVALID })
    .max(200, PUSH_SUBSCRIPTION_INVALID)
    .refine((value) => {
      if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return false;
      const decoded = base64UrlDecode(value.replace(/=+$/, ''));
      return decoded !== null && decoded.length === bytes && check(decoded);
    }, PUSH_SUBSCRIPTION_INVALID);

/** The bytes of unpadded base64url text, or null when its length cannot be base64 (1 char left over). */
function base64UrlDecode(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    buffer = (buffer << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/**
 * POST /api/notifications/push-subscriptions: the browser's PushSubscription.toJSON(). The endpoint's host is checked
 * against the push services by the API (isAllowedPushEndpoint with its PUSH_ENDPOINT_HOSTS); the keys here: p256dh an
 * uncompressed P-256 point (65 bytes from 0x04; the API checks it is on the curve), auth 16 bytes, both base64url.
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: textInput({ trim: true, error: PUSH_SUBSCRIPTION_INVALID })
    .max(1000, PUSH_SUBSCRIPTION_INVALID)
    .refine((value) => /^https?:\/\//.test(value), { message: PUSH_SUBSCRIPTION_INVALID }),
  keys: z.object({
    p256dh: base64Url(65, (decoded) => decoded[0] === 0x04),
    auth: base64Url(16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** GET /api/notifications/push-key: the VAPID public key the browser subscribes with (null: push is off on this server). */
export const pushPublicKeySchema = z.object({ publicKey: z.string().nullable() });

/** `event: notification` on GET /api/notifications/events: a new notification and the unread count after it. */
export const notificationEventSchema = z.object({
  notification: notificationSchema,
  unreadCount: count,
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
