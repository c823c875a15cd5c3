import { indexMigration } from './indexMigration';

/** A vehicle's appointments by plate and start: the check that one vehicle has one live appointment at a time. */
export const { up, down } = indexMigration([['appointments_plate_start_idx', 'appointments', ['license_plate', 'starts_at']]]);
