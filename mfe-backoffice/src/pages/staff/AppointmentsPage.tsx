import { AreaPage } from '../../components/AreaPage';
import { DayView } from '../../frontDesk';

export function AppointmentsPage() {
  return (
    <AreaPage area="staff" path="/staff/appointments">
      <DayView />
    </AreaPage>
  );
}

export default AppointmentsPage;
