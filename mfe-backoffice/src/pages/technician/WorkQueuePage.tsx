import { AreaPage } from '../../components/AreaPage';

export function WorkQueuePage() {
  return <AreaPage area="technician" path="/technician/work-queue" />;
}

export default WorkQueuePage;
