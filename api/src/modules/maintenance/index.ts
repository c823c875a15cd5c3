/**
 * The maintenance module's front door — maintenance history and reminders. Nothing else of the module is imported
 * from outside.
 */
export { maintenanceRoutes } from './maintenanceRoutes';
export { sendDueReminders } from './reminderWorker';
