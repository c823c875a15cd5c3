import { AreaPage } from '../../components/AreaPage';
import { TechnicianPartsRequest } from '../../partsRequests';

/** ?order=<id>&item=<itemId>: that order (and FAIL item) preselected; without them, my first order in progress. */
export function PartsRequestPage() {
  return (
    <AreaPage area="technician" path="/technician/parts-request">
      <TechnicianPartsRequest />
    </AreaPage>
  );
}

export default PartsRequestPage;
