import { AreaPage } from '../../components/AreaPage';
import { AreaShortcuts } from '../../components/AreaShortcuts';
import { ManagerInventory } from '../../inventory/ManagerInventory';

const PATH = '/manager';

export function ManagerDashboardPage() {
  return (
    <AreaPage area="manager" path={PATH}>
      <ManagerInventory />
      <AreaShortcuts area="manager" current={PATH} />
    </AreaPage>
  );
}

export default ManagerDashboardPage;
