import { AreaPage } from '../../components/AreaPage';
import { AreaShortcuts } from '../../components/AreaShortcuts';
import { ManagerInventory } from '../../inventory/ManagerInventory';
import { ManagerKpis } from '../../kpis/ManagerKpis';

const PATH = '/manager';

export function ManagerDashboardPage() {
  return (
    <AreaPage area="manager" path={PATH}>
      <ManagerKpis />
      <ManagerInventory />
      <AreaShortcuts area="manager" current={PATH} />
    </AreaPage>
  );
}

export default ManagerDashboardPage;
