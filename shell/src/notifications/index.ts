/** The notification bell of the header and the work bar (issue 49). */
export { NotificationBell } from './NotificationBell';
