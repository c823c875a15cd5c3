/** The notifications module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { devOutboxRoutes } from './devOutboxRoutes';
export { EMAIL_SIGNATURE, emailLayout, emailParagraph, escapeHtml, forecastReminderEmail, formatVietnamDateTime, passwordChangedEmail, passwordResetEmail, verificationEmail, type EmailContent } from './emailTemplates';
export { devOutboxMailer, smtpMailer, type Mailer } from './mailer';
export { enqueueEmail } from './outbox';
// The centre's email templates of orders and bookings (its email for those facts; the rest put in the outbox by their module).
export * from './templates/orderEmails';
export * from './templates/bookingEmails';
export { createOutboxWorker, type OutboxWorker } from './outboxWorker';
// The notification centre and its channels (issue 49).
export * from './centre';
export * from './channels';
