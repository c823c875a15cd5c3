/**
 * The bookings module's front door — availability and `bookAppointment(plan, channel)` (customer, guest, counter),
 * changes, cancellation, the customer's event stream. Nothing else of the module is imported from outside.
 */
export { SSE_HEARTBEAT_MS, eventStreams } from './appointmentEventsRoutes';
export { findAppointment } from './appointmentQueries';
export { answerSlotFull } from './appointmentRoutes';
export { bookAppointment, type BookedAppointment, type BookingChannel, type BookingPlan } from './bookAppointment';
export { cancelWithin } from './appointmentService';
export { moveAppointmentWithServiceOrder, type AppointmentMove, type ServiceOrderAppointmentStatus } from './appointmentWithServiceOrder';
export { noShowAllowedAt } from './appointmentStatusChange';
export { findCentreSchedule, nextFreeSlots, type BookableCentre } from './availability';
export { SlotFullAppError, bookingContextOf, publishStatus, view, type BookingContext } from './bookingContext';
export { appointmentConfirmationEmail, enqueueServiceEmail, maintenanceReminderEmail } from './bookingEmails';
export { createCheckInCodes, type CheckInCodeRef, type CheckInCodes } from './checkInCode';
export { loadBookableServices, newAppointmentCode, type PricedService } from './bookingRules';
export { bookingsModule } from './bookingsModule';
export { SLOT_MS, daySlotStarts, occupiedSteps } from './schedule';
export { SlotFullError, loadOccupancy } from './slotCapacity';
