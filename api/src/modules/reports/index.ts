/** The reports module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { csvChunk, csvStream, guardFormula } from './csvStream';
export type { ReportColumn, ReportRow } from './reportDefinition';
export { reportsModule } from './reportsModule';
