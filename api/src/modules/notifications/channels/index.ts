/** The channels outside the site (Web Push, Zalo ZNS, SMS, email), the preferences and the deliveries' outbox. */
export { notificationChannelsModule } from './notificationChannelsModule';
export { scheduleDeliveries, scheduleDeliveriesOf, type NotificationToDeliver } from './scheduleDeliveries';
export { deliveriesWaiting } from './deliveriesWaiting';
export { readOutboxBacklog, type ChannelBacklog } from './outboxBacklog';
