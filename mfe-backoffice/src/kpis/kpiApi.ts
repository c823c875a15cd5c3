import { apiClient, readData } from 'shared-contracts';
import type { CentreKpis, MyKpis } from 'shared-contracts/schemas';

/** Two Vietnamese calendar dates (YYYY-MM-DD), both inclusive. */
export interface KpiRange {
  from: string;
  to: string;
}

/** The KPI service's calls (spec back-office §8, §7 M1 and T1). */
export const kpiApi = {
  /** GET /kpis/centre?from=&to=&centreId=: a manager's own centre; an admin's chosen centre, or all without one. */
  centre: (range: KpiRange, centreId: number | undefined, signal?: AbortSignal) =>
    readData<CentreKpis>(apiClient.get('/kpis/centre', { query: { from: range.from, to: range.to, centreId }, signal })),
  /** GET /kpis/technician/me?from=&to=: the signed-in technician's own figures. */
  mine: (range: KpiRange, signal?: AbortSignal) => readData<MyKpis>(apiClient.get('/kpis/technician/me', { query: { from: range.from, to: range.to }, signal })),
};
