// The KPI tiles (spec §7 M1) and the date range, formats and API the reports and the admin's overview build on.
export { kpiApi, type KpiRange } from './kpiApi';
export { kpiChange } from './kpiChange';
export { formatCount, formatDecimal, formatMoney, lastDays, NO_VALUE } from './kpiFormat';
export { displayDate } from './kpiText';
export { KpiTile, type KpiTileProps } from './KpiTile';
export { ManagerKpis } from './ManagerKpis';
export { MyKpis } from './MyKpis';
