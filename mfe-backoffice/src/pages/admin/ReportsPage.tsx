import { AreaPage } from '../../components/AreaPage';
import { ReportsScreen } from '../../reports';
import { CentreRatingComparison } from '../../serviceRatings';

/** /admin/reports (spec §7 A4): every report, for all centres or one, with charts and CSV; then the centres' ratings compared. */
export function ReportsPage() {
  return (
    <AreaPage area="admin" path="/admin/reports">
      <ReportsScreen scope="admin" />
      <CentreRatingComparison />
    </AreaPage>
  );
}

export default ReportsPage;
