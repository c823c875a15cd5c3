import { AreaPage } from '../../components/AreaPage';
import { ServiceOrdersViews } from '../../serviceOrders';

export function ServiceOrdersPage() {
  return (
    <AreaPage area="staff" path="/staff/service-orders">
      <ServiceOrdersViews />
    </AreaPage>
  );
}

export default ServiceOrdersPage;
