import { apiClient, readData } from 'shared-contracts';
import type { ReportName } from 'shared-contracts/backoffice';
import type { ReportCharts, ReportTable, ServiceCentre } from 'shared-contracts/schemas';
import type { KpiRange } from '../kpis';

const query = (range: KpiRange, centreId: number | undefined) => ({ from: range.from, to: range.to, centreId });

/** The reports' calls (spec back-office §9; §7 M5, A4). centreId omitted = the manager's centre, or all for an admin. */
export const reportsApi = {
  /** GET /reports/charts?from=&to=&centreId=: the six charts' figures. */
  charts: (range: KpiRange, centreId: number | undefined, signal?: AbortSignal) =>
    readData<ReportCharts>(apiClient.get('/reports/charts', { query: query(range, centreId), signal })),
  /** GET /reports/{name}?from=&to=&centreId=: the report's columns and first rows. */
  table: (name: ReportName, range: KpiRange, centreId: number | undefined, signal?: AbortSignal) =>
    readData<ReportTable>(apiClient.get(`/reports/${name}`, { query: query(range, centreId), signal })),
  /** GET /centres: the centres an admin may choose. */
  centres: (signal?: AbortSignal) => readData<ServiceCentre[]>(apiClient.get('/centres', { signal })),
};
