import { AreaPage } from '../../components/AreaPage';

export function CustomersPage() {
  return <AreaPage area="staff" path="/staff/customers" />;
}

export default CustomersPage;
