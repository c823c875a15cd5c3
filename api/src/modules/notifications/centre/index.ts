/** The notification centre (records, the bell's routes, the personal stream, events → notifications). */
export { notificationCentreModule } from './notificationCentreModule';
export { announcePending, notify, notifyWithin, type NotifyDeps, type NotifyInput } from './notify';
export {
  approvalNeededNotification,
  bookingFactNotification,
  forecastCrossingNotification,
  maintenanceDueNotification,
  orderFactNotification,
  orderLink,
  ratingModeratedNotification,
  ratingRequestNotification,
  tellApprovalNeeded,
  tellBookingFact,
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
  type ForecastCrossingSubject,
  type MaintenanceDueSubject,
  type RatingSubject,
  type WishlistAlertSubject,
} from './customerFacts';
