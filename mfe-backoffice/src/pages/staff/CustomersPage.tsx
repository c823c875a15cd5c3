import { AreaPage } from '../../components/AreaPage';
import { CustomerSearch } from '../../frontDesk/CustomerSearch';
import { PlateClaims } from '../../plateClaims/PlateClaims';

export function CustomersPage() {
  return (
    <AreaPage area="staff" path="/staff/customers">
      <CustomerSearch />
      <PlateClaims />
    </AreaPage>
  );
}

export default CustomersPage;
