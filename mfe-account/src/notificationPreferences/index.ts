// The profile's "Thông báo" (issue 49): channels per topic and this browser's Web Push.
export { NotificationPreferences } from './NotificationPreferences';
export { preferencesText } from './preferencesText';
