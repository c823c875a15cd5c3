import { AreaPage } from '../../components/AreaPage';
import { AreaShortcuts } from '../../components/AreaShortcuts';

const PATH = '/technician';

export function TechnicianDashboardPage() {
  return (
    <AreaPage area="technician" path={PATH}>
      <AreaShortcuts area="technician" current={PATH} />
    </AreaPage>
  );
}

export default TechnicianDashboardPage;
