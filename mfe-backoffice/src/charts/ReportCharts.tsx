import type { ReportCharts as ReportChartsAnswer } from 'shared-contracts/schemas';
import { AppointmentsDonut } from './AppointmentsDonut';
import { BayHeatmap } from './BayHeatmap';
import { CarCountChart } from './CarCountChart';
import { RevenueChart } from './RevenueChart';
import { TechniciansChart } from './TechniciansChart';
import { TopPartsChart } from './TopPartsChart';
import styles from './Charts.module.css';

/**
 * The six charts of spec §9 for one answer of GET /api/reports/charts, in plain SVG (no chart library: the
 * back office's first load stays small and every chart's accessible name and table are ours). This module is
 * the entry of the lazy 'charts' chunk: only report and dashboard routes load it.
 */
export function ReportCharts({ charts }: { charts: ReportChartsAnswer }) {
  return (
    <div className={styles.grid}>
      <RevenueChart days={charts.revenueByDay} />
      <CarCountChart days={charts.carCountByDay} />
      <AppointmentsDonut statuses={charts.appointmentsByStatus} />
      <TopPartsChart parts={charts.topParts} />
      <TechniciansChart technicians={charts.technicians} />
      <BayHeatmap cells={charts.bayHeatmap} />
    </div>
  );
}

export default ReportCharts;
