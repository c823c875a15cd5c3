import { AreaPage } from '../../components/AreaPage';
import { CustomerSearch } from '../../frontDesk';
import { useSessionRole } from '../../hooks/useSessionRole';
import { PlateClaims } from '../../plateClaims';

/** /staff/customers: the counter's customers; managers and admins reach it from their own navigation (a customer's points). */
export function CustomersPage() {
  const role = useSessionRole();
  return (
    <AreaPage area="staff" path="/staff/customers" frame={role === 'manager' || role === 'admin' ? role : 'staff'}>
      <CustomerSearch />
      <PlateClaims />
    </AreaPage>
  );
}

export default CustomersPage;
