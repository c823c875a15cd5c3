/** The vehicles module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { estimateKmPerDay, type OdometerPoint } from './reminder';
export { remindersFor } from './reminderData';
export { createVehicle, findOwnVehicleRow, isUniqueViolation, vehicleNotFound } from './vehicleQueries';
export { vehicleRoutes } from './vehicleRoutes';
