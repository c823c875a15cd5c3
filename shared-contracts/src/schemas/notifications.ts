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

/** POST /api/notifications/push-subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: textInput({ trim: true, error: 'Đăng ký nhận thông báo không hợp lệ.' })
    .max(1000, 'Đăng ký nhận thông báo không hợp lệ.')
    .refine((value) => /^https?:\/\//.test(value), { message: 'Đăng ký nhận thông báo không hợp lệ.' }),
  keys: z.object({
    p256dh: textInput({ error: 'Đăng ký nhận thông báo không hợp lệ.' }).min(1).max(200, 'Đăng ký nhận thông báo không hợp lệ.'),
    auth: textInput({ error: 'Đăng ký nhận thông báo không hợp lệ.' }).min(1).max(100, 'Đăng ký nhận thông báo không hợp lệ.'),
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
