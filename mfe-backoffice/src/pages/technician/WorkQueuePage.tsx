import { AreaPage } from '../../components/AreaPage';
import { WorkQueue } from '../../technician';

export function WorkQueuePage() {
  return (
    <AreaPage area="technician" path="/technician/work-queue">
      <WorkQueue />
    </AreaPage>
  );
}

export default WorkQueuePage;
