import { AreaPage } from '../../components/AreaPage';

export function PartsRequestPage() {
  return <AreaPage area="technician" path="/technician/parts-request" />;
}

export default PartsRequestPage;
