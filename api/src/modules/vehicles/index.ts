/**
 * The vehicles module's front door — the customer's vehicles, one account per plate. Nothing else of the module is
 * imported from outside.
 */
export { estimateKmPerDay, type OdometerPoint } from './reminder';
export { remindersFor } from './reminderData';
export { createVehicle, findOwnVehicleRow, isUniqueViolation, vehicleNotFound } from './vehicleQueries';
export { asOpening, insertServiceReadingIfOpened, raiseOdometerIfOpened, recordServiceOdometer } from './serviceOdometer';
export { vehicleRoutes } from './vehicleRoutes';
