/**
 * The batteryHealth module's front door — battery health reports: the figures of a battery check (SOH, capacity,
 * cell spread, resistance, temperature, odometer, tool) recorded on a service order and flagged by the model's
 * thresholds, the owner's trend and certificate (PDF with a QR), the public verify by code, the latest reading the
 * failure prediction reads. Nothing else of the module is imported from outside.
 */
export { batteryHealthRoutes } from './batteryHealthRoutes';
export { latestBatteryReading, type LatestBatteryReading } from './batteryReports';
