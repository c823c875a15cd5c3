import { AreaPage } from '../../components/AreaPage';

export function AppointmentsPage() {
  return <AreaPage area="staff" path="/staff/appointments" />;
}

export default AppointmentsPage;
