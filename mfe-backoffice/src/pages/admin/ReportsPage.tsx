import { AreaPage } from '../../components/AreaPage';

export function ReportsPage() {
  return <AreaPage area="admin" path="/admin/reports" />;
}

export default ReportsPage;
