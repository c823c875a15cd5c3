import { AdminOverview } from '../../adminOverview';
import { AreaPage } from '../../components/AreaPage';
import { AreaShortcuts } from '../../components/AreaShortcuts';

const PATH = '/admin';

/** /admin (spec §7 A1): KPIs across all centres, the per-centre comparison, web-shop revenue and the charts. */
export function AdminDashboardPage() {
  return (
    <AreaPage area="admin" path={PATH}>
      <AdminOverview />
      <AreaShortcuts area="admin" current={PATH} />
    </AreaPage>
  );
}

export default AdminDashboardPage;
