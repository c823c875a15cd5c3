/**
 * The shifts module's front door — technicians' shifts, time entries and the clock they run on. Nothing else of the
 * module is imported from outside.
 */
export { shiftsModule } from './shiftsModule';
export { startClockEntry, stopClocks } from './workClock';
