import { AreaPage } from '../../components/AreaPage';
import { ReportsScreen } from '../../reports';

/** /admin/reports (spec §7 A4): every report, for all centres or one, with charts and CSV. */
export function ReportsPage() {
  return (
    <AreaPage area="admin" path="/admin/reports">
      <ReportsScreen scope="admin" />
    </AreaPage>
  );
}

export default ReportsPage;
