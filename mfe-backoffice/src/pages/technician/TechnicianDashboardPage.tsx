import { AreaPage } from '../../components/AreaPage';
import { AreaShortcuts } from '../../components/AreaShortcuts';
import { TechnicianDashboard } from '../../technician';

const PATH = '/technician';

export function TechnicianDashboardPage() {
  return (
    <AreaPage area="technician" path={PATH}>
      <TechnicianDashboard />
      <AreaShortcuts area="technician" current={PATH} />
    </AreaPage>
  );
}

export default TechnicianDashboardPage;
