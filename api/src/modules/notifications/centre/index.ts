/** The notification centre (records, the bell's routes, the personal stream, events → notifications). */
export { notificationCentreModule } from './notificationCentreModule';
export { announcePending, notify, notifyWithin, type NotifyDeps, type NotifyInput } from './notify';
export {
  approvalNeededNotification,
  bookingFactNotification,
  maintenanceDueNotification,
  orderFactNotification,
  orderLink,
  tellApprovalNeeded,
  tellBookingFact,
  tellMaintenanceDue,
  tellOrderFacts,
  type ApprovalSubject,
  type BookingFact,
  type BookingFactSubject,
  type MaintenanceDueSubject,
} from './customerFacts';
