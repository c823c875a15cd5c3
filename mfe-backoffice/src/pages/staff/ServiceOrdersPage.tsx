import { AreaPage } from '../../components/AreaPage';
import { ServiceOrdersViews } from '../../partsDesk/ServiceOrdersViews';

export function ServiceOrdersPage() {
  return (
    <AreaPage area="staff" path="/staff/service-orders">
      <ServiceOrdersViews />
    </AreaPage>
  );
}

export default ServiceOrdersPage;
