// The notification centre's page (issue 49) and the signed-in user's live stream (GET /api/notifications/events).
export { NotificationsPage } from './NotificationsPage';
export { usePersonalEvents, type PersonalEventCallbacks } from './usePersonalEvents';
export { notificationsText } from './notificationsText';
