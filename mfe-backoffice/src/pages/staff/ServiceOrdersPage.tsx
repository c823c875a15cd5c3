import { AreaPage } from '../../components/AreaPage';

export function ServiceOrdersPage() {
  return <AreaPage area="staff" path="/staff/service-orders" />;
}

export default ServiceOrdersPage;
