import { AreaPage } from '../../components/AreaPage';
import { AreaShortcuts } from '../../components/AreaShortcuts';
import { StaffCounters } from '../../frontDesk';
import { AwaitingTransfers } from './payments/AwaitingTransfers';

const PATH = '/staff';

export function StaffDashboardPage() {
  return (
    <AreaPage area="staff" path={PATH}>
      <StaffCounters />
      <AreaShortcuts area="staff" current={PATH} />
      <AwaitingTransfers />
    </AreaPage>
  );
}

export default StaffDashboardPage;
