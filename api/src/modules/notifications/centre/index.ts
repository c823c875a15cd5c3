/** The notification centre (records, the bell's routes, the personal stream, events → notifications). */
export { notificationCentreModule } from './notificationCentreModule';
export { announcePending, notify, notifyWithin, type NotifyDeps, type NotifyInput } from './notify';
export { recountUnread as recountUnreadNotifications } from './unreadCounter';
export {
  approvalNeededNotification,
  bookingFactNotification,
  invoiceRefundedNotification,
  forecastCrossingNotification,
  maintenanceDueNotification,
  orderFactNotification,
  orderLink,
  ratingModeratedNotification,
  ratingRequestNotification,
  tellApprovalNeeded,
  tellBookingFact,
  tellInvoiceRefunded,
  tellForecastCrossing,
  tellMaintenanceDue,
  tellOrderFacts,
  tellRatingModerated,
  tellRatingRequested,
  tellWishlistAlert,
  wishlistAlertNotification,
  type ApprovalSubject,
  type BookingFact,
  type BookingFactSubject,
  type InvoiceRefundSubject,
  type ForecastCrossingSubject,
  type MaintenanceDueSubject,
  type RatingSubject,
  type WishlistAlertSubject,
} from './customerFacts';
