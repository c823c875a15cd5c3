// Reports and charts (spec §9). The chart code itself is the lazy 'charts' chunk (see ChartsSection).
import { ReportsScreen } from './ReportsScreen';

export { ChartsSection } from './ChartsSection';
export { ManagerCharts } from './ManagerCharts';
export { reportsApi } from './reportsApi';
export { ReportsScreen } from './ReportsScreen';

/** /manager?view=reports (spec §7 M5): the centre's reports, charts and CSV. */
export function ManagerReports() {
  return <ReportsScreen scope="manager" />;
}
