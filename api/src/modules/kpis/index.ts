/**
 * The kpis module's front door — the manager's and admin's KPIs. Nothing else of the module is imported from outside.
 */
export { dayStarts, minutesOfDay, parseKpiRange, percent, previousKpiRange, type KpiRange } from './kpiRange';
export { centreFilter } from './kpiSql';
export { kpisModule } from './kpisModule';
export { technicianTime } from './technicianKpis';
