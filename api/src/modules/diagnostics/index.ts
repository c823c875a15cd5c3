/** The diagnostics module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { appointmentSymptomsOf, confirmSymptoms, recordAppointmentSymptoms, type RecordedSymptom } from './appointmentSymptoms';
export { diagnosticsRoutes } from './diagnosticsRoutes';
export { checksOnChecklist, orderDiagnosticsOf } from './suggestedChecks';
