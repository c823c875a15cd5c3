/**
 * The notification centre (issue 49), without zod: the topics a customer chooses channels for, the channels, the kinds
 * of notification and their topic, shared by the API (through shared-contracts/schemas) and the remotes and the shell
 * (through shared-contracts/notifications).
 */

/** What a notification is about: each customer chooses channels per topic on /profile ("Thông báo"). */
export const NOTIFICATION_TOPICS = ['booking', 'service', 'order', 'payment', 'message', 'marketing'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
export const NOTIFICATION_TOPIC_LABELS: Record<NotificationTopic, string> = {
  booking: 'Lịch hẹn',
  service: 'Xe tại trung tâm',
  order: 'Đơn hàng',
  payment: 'Thanh toán',
  message: 'Tin nhắn',
  marketing: 'Khuyến mại',
};

/**
 * The channels outside the site, in the order a notification tries them: the first the customer allows for the
 * topic (and can be reached on) is tried; when it fails for good the next one is. The in-site notification (the
 * bell) is always written.
 */
export const NOTIFICATION_CHANNELS = ['push', 'zalo', 'sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  push: 'Thông báo trên trình duyệt',
  zalo: 'Zalo',
  sms: 'SMS',
  email: 'Email',
};

/** Default choices: transactional topics on push, Zalo and email (SMS off: it costs per message); marketing off everywhere (opt-in only). */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationTopic, Record<NotificationChannel, boolean>> = {
  booking: { push: true, zalo: true, sms: false, email: true },
  service: { push: true, zalo: true, sms: false, email: true },
  order: { push: true, zalo: true, sms: false, email: true },
  payment: { push: true, zalo: true, sms: false, email: true },
  message: { push: true, zalo: true, sms: false, email: true },
  marketing: { push: false, zalo: false, sms: false, email: false },
};

/** Every event that makes a notification, and its topic. */
export const NOTIFICATION_KINDS = [
  'booking_confirmed',
  'booking_rescheduled',
  'booking_cancelled',
  'booking_reminder',
  'forecast_reminder',
  'vehicle_checked_in',
  'vehicle_ready',
  'service_invoiced',
  'approval_needed',
  'service_rating_request',
  'service_rating_moderated',
  'payment_received',
  'order_placed',
  'order_confirmed',
  'order_shipped',
  'order_ready_for_pickup',
  'order_refunded',
  'invoice_refunded',
  'e_invoice_issued',
  'loyalty_points_expiring',
  'loyalty_birthday_bonus',
  'order_completed',
  'order_cancelled',
  'new_message',
  'price_drop',
  'back_in_stock',
  'vehicle_recall',
  // staff
  'staff_new_web_order',
  'staff_new_message',
  'staff_approval_answered',
  'staff_e_invoices_missing',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_KIND_TOPICS: Record<NotificationKind, NotificationTopic> = {
  booking_confirmed: 'booking',
  booking_rescheduled: 'booking',
  booking_cancelled: 'booking',
  booking_reminder: 'booking',
  forecast_reminder: 'booking',
  vehicle_checked_in: 'service',
  vehicle_ready: 'service',
  service_invoiced: 'service',
  approval_needed: 'service',
  service_rating_request: 'service',
  service_rating_moderated: 'service',
  payment_received: 'payment',
  order_placed: 'order',
  order_confirmed: 'order',
  order_shipped: 'order',
  order_ready_for_pickup: 'order',
  order_refunded: 'payment',
  invoice_refunded: 'payment',
  e_invoice_issued: 'payment',
  loyalty_points_expiring: 'payment',
  loyalty_birthday_bonus: 'payment',
  order_completed: 'order',
  order_cancelled: 'order',
  new_message: 'message',
  // Asked for by ticking "Báo khi giảm giá"/"Báo khi có hàng" on a wished product: the customer's shopping news, not opt-in marketing.
  price_drop: 'order',
  back_in_stock: 'order',
  // A manufacturer's recall of the customer's vehicle: about its service, never marketing (told on the service topic's channels).
  vehicle_recall: 'service',
  staff_new_web_order: 'order',
  staff_new_message: 'message',
  staff_approval_answered: 'service',
  staff_e_invoices_missing: 'payment',
};

/** Notifications a page of the list answers. */
/**
 * Where the unread count the API answers stops: from here the bell shows "99+" and the page "hơn 99". Counting on
 * would read every unread row of a user, and a centre's staff are told of every web order.
 */
export const UNREAD_COUNT_CAP = 100;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_SIZE_MAX = 50;
/** A device's push subscriptions a user may keep. */
export const PUSH_SUBSCRIPTIONS_PER_USER_MAX = 10;
export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 500;

/** The customer's notification page. */
export const NOTIFICATIONS_PATH = '/notifications';
/** The service worker the shell serves for Web Push (at the site's root, so its scope is the whole site). */
export const PUSH_SERVICE_WORKER_PATH = '/push-sw.js';

/**
 * What a Web Push message carries (JSON), as the shell's service worker reads it: shown as a notification with
 * the site's icon; a click opens `link` (a site path) or focuses an open tab of the site. `tag` replaces an
 * earlier notification of the same tag on the device.
 */
export interface PushMessagePayload {
  title: string;
  body: string;
  link: string | null;
  tag?: string;
}

/** The personal event stream (GET /api/notifications/events)'s event names. */
export const NOTIFICATION_EVENT = 'notification';
export const CONVERSATION_MESSAGE_EVENT = 'conversation-message';
export const CONVERSATION_READ_EVENT = 'conversation-read';
