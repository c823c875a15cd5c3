import { AreaPage } from '../../components/AreaPage';
import { AreaShortcuts } from '../../components/AreaShortcuts';

const PATH = '/staff';

export function StaffDashboardPage() {
  return (
    <AreaPage area="staff" path={PATH}>
      <AreaShortcuts area="staff" current={PATH} />
    </AreaPage>
  );
}

export default StaffDashboardPage;
