import { AreaPage } from '../../components/AreaPage';
import { ServiceOrderBoard } from '../../serviceOrders/ServiceOrderBoard';

export function ServiceOrdersPage() {
  return (
    <AreaPage area="staff" path="/staff/service-orders">
      <ServiceOrderBoard />
    </AreaPage>
  );
}

export default ServiceOrdersPage;
