/**
 * The notifications module's front door — direct emails; the notification centre (`centre/`: one record per event a
 * user should know, the bell's routes, the personal event stream, the bus's events turned into notifications once per
 * cluster; the customer facts modules hand it in their transaction — orders, bookings, approvals, maintenance and
 * forecast reminders, rating requests and moderation, wishlist alerts — with their email templates in `templates/`)
 * and its channels (`channels/`: preferences per topic, Web Push, Zalo ZNS, SMS and email behind one interface, the
 * one outbox of every message with its worker and fallback, the local stand-ins). Nothing else of the module is
 * imported from outside.
 */
export { devOutboxRoutes } from './devOutboxRoutes';
export { EMAIL_SIGNATURE, emailLayout, emailParagraph, escapeHtml, formatVietnamDateTime, passwordChangedEmail, passwordResetEmail, verificationEmail, type EmailContent } from './emailTemplates';
export { devOutboxMailer, smtpMailer, type Mailer } from './mailer';
export { enqueueEmail } from './channels/directEmail';
// The centre's email templates of orders, bookings, parts approvals, forecast reminders, service ratings and wishlist
// alerts (its email for those facts; guests' put in the outbox by their module).
export * from './templates/orderEmails';
export * from './templates/bookingEmails';
export * from './templates/partsApprovalEmail';
export * from './templates/forecastReminderEmail';
export * from './templates/serviceRatingEmails';
export * from './templates/wishlistEmails';
// The notification centre and its channels (issue 49).
export * from './centre';
export * from './channels';
