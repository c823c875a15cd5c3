import { AreaPage } from '../../components/AreaPage';
import { CustomerSearch } from '../../frontDesk/CustomerSearch';

export function CustomersPage() {
  return (
    <AreaPage area="staff" path="/staff/customers">
      <CustomerSearch />
    </AreaPage>
  );
}

export default CustomersPage;
