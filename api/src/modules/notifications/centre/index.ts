/** The notification centre (records, the bell's routes, the personal stream, events → notifications). */
export { notificationCentreModule } from './notificationCentreModule';
export { announcePending, notify, notifyWithin, type NotifyDeps, type NotifyInput } from './notify';
export { bookingFactNotification, orderFactNotification, orderLink, tellBookingFact, tellOrderFacts, type BookingFact, type BookingFactSubject } from './customerFacts';
