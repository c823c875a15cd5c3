/** The kpis module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { dayStarts, minutesOfDay, parseKpiRange, percent, previousKpiRange, type KpiRange } from './kpiRange';
export { centreFilter } from './kpiSql';
export { kpisModule } from './kpisModule';
export { technicianTime } from './technicianKpis';
