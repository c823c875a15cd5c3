import { AreaPage } from '../../components/AreaPage';

export function ChecklistsPage() {
  return <AreaPage area="technician" path="/technician/checklists" />;
}

export default ChecklistsPage;
