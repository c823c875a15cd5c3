import { AreaPage } from '../../components/AreaPage';
import { AreaShortcuts } from '../../components/AreaShortcuts';

const PATH = '/admin';

export function AdminDashboardPage() {
  return (
    <AreaPage area="admin" path={PATH}>
      <AreaShortcuts area="admin" current={PATH} />
    </AreaPage>
  );
}

export default AdminDashboardPage;
