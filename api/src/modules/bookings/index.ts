/** The bookings module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { SSE_HEARTBEAT_MS, eventStreams } from './appointmentEventsRoutes';
export { findAppointment } from './appointmentQueries';
export { answerSlotFull } from './appointmentRoutes';
export { bookAppointment, type BookedAppointment, type BookingChannel, type BookingPlan } from './bookAppointment';
export { cancelWithin } from './appointmentService';
export { noShowAllowedAt } from './appointmentStatusChange';
export { findCentreSchedule, nextFreeSlots, type BookableCentre } from './availability';
export { SlotFullAppError, bookingContextOf, publishStatus, view, type BookingContext } from './bookingContext';
export { appointmentConfirmationEmail, enqueueServiceEmail, maintenanceReminderEmail } from './bookingEmails';
export { createCheckInCodes, type CheckInCodeRef, type CheckInCodes } from './checkInCode';
export { loadBookableServices, newAppointmentCode, type PricedService } from './bookingRules';
export { bookingsModule } from './bookingsModule';
export { SLOT_MS, daySlotStarts, occupiedSteps } from './schedule';
export { SlotFullError, loadOccupancy } from './slotCapacity';
