/**
 * The frontDesk module's front door — the counter: day view, walk-ins (through `bookAppointment`), customer search,
 * bays, the centre's event stream. Nothing else of the module is imported from outside.
 */
export { frontDeskModule } from './frontDeskModule';
export { compactFold, loadStaffAppointments } from './staffDay';
