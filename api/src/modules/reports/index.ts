/**
 * The reports module's front door — the six reports, their CSV and charts. Nothing else of the module is imported
 * from outside.
 */
export { csvChunk, csvField, csvStream, formatCsvDateTime, guardFormula } from './csvStream';
export type { ReportColumn, ReportRow } from './reportDefinition';
export { reportsModule } from './reportsModule';
