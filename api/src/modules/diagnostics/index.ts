/**
 * The diagnostics module's front door — diagnosis from symptoms. Nothing else of the module is imported from outside.
 */
export { appointmentSymptomsOf, confirmSymptoms, recordAppointmentSymptoms, type RecordedSymptom } from './appointmentSymptoms';
export { diagnosticsRoutes } from './diagnosticsRoutes';
export { checksOnChecklist, orderDiagnosticsOf } from './suggestedChecks';
