/**
 * The shifts module's front door — technicians' shifts and time entries. Nothing else of the module is imported from
 * outside.
 */
export { shiftsModule } from './shiftsModule';
