import { AreaPage } from '../../components/AreaPage';
import { CustomerSearch } from '../../frontDesk';
import { PlateClaims } from '../../plateClaims';

export function CustomersPage() {
  return (
    <AreaPage area="staff" path="/staff/customers">
      <CustomerSearch />
      <PlateClaims />
    </AreaPage>
  );
}

export default CustomersPage;
