import { AreaPage } from '../../components/AreaPage';
import { AreaShortcuts } from '../../components/AreaShortcuts';
import { useView, type ViewTab, ViewTabs } from '../../components/ViewTabs';
import { ManagerInventory } from '../../inventory';
import { ManagerKpis } from '../../kpis';
import { ManagerPartsDemand } from '../../partsDemand';
import { ManagerCharts, ManagerReports } from '../../reports';
import { ManagerRoster } from '../../roster';
import { CentreRatingSummary } from '../../serviceRatings';
import { ManagerShifts } from '../../shifts';
import { stockTransfersBelow } from '../../stockTransfers';

const PATH = '/manager';

type ManagerView = 'overview' | 'parts-demand' | 'reports' | 'shifts' | 'roster';

/** /manager's views (?view=): the dashboard, the parts demand of the coming appointments, the centre's reports, the shift week, the centre's people. */
export const managerViews: readonly ViewTab<ManagerView>[] = [
  { key: 'overview', label: 'Tổng quan' },
  { key: 'parts-demand', label: 'Nhu cầu phụ tùng' },
  { key: 'reports', label: 'Báo cáo' },
  { key: 'shifts', label: 'Ca làm việc' },
  { key: 'roster', label: 'Nhân sự' },
];

export function ManagerDashboardPage() {
  const view = useView(managerViews);
  return (
    <AreaPage area="manager" path={PATH}>
      <ViewTabs path={PATH} label="Các mục của quản lý" tabs={managerViews} current={view} />
      {view === 'overview' && (
        <>
          <ManagerKpis />
          <CentreRatingSummary />
          <ManagerCharts />
          <ManagerInventory below={stockTransfersBelow} />
        </>
      )}
      {view === 'parts-demand' && <ManagerPartsDemand />}
      {view === 'reports' && <ManagerReports />}
      {view === 'shifts' && <ManagerShifts />}
      {view === 'roster' && <ManagerRoster />}
      <AreaShortcuts area="manager" current={PATH} />
    </AreaPage>
  );
}

export default ManagerDashboardPage;
