import { AdminOverview } from '../../adminOverview';
import { AreaPage } from '../../components/AreaPage';
import { AreaShortcuts } from '../../components/AreaShortcuts';
import { useView, type ViewTab, ViewTabs } from '../../components/ViewTabs';
import { LoyaltyKpisPanel, LoyaltySettingsPanel, MemberPricesPanel, TierRulesPanel } from '../../loyalty';

const PATH = '/admin';

type AdminView = 'overview' | 'loyalty';

/** /admin's views (?view=): the dashboard, and the members' points rules ("Điểm thưởng"). */
export const adminViews: readonly ViewTab<AdminView>[] = [
  { key: 'overview', label: 'Tổng quan' },
  { key: 'loyalty', label: 'Điểm thưởng' },
];

/** /admin (spec §7 A1): KPIs across all centres, the per-centre comparison, web-shop revenue and the charts. */
export function AdminDashboardPage() {
  const view = useView(adminViews);
  return (
    <AreaPage area="admin" path={PATH}>
      <ViewTabs path={PATH} label="Các mục của quản trị" tabs={adminViews} current={view} />
      {view === 'overview' && <AdminOverview />}
      {view === 'loyalty' && <LoyaltySettingsPanel />}
      {view === 'loyalty' && <TierRulesPanel />}
      {view === 'loyalty' && <MemberPricesPanel />}
      {view === 'loyalty' && <LoyaltyKpisPanel />}
      <AreaShortcuts area="admin" current={PATH} />
    </AreaPage>
  );
}

export default AdminDashboardPage;
