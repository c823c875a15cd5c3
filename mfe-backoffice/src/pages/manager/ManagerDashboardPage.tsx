import { AreaPage } from '../../components/AreaPage';
import { AreaShortcuts } from '../../components/AreaShortcuts';

const PATH = '/manager';

export function ManagerDashboardPage() {
  return (
    <AreaPage area="manager" path={PATH}>
      <AreaShortcuts area="manager" current={PATH} />
    </AreaPage>
  );
}

export default ManagerDashboardPage;
