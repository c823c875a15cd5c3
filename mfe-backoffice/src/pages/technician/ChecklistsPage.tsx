import { useSearchParams } from 'react-router-dom';
import { AreaPage } from '../../components/AreaPage';
import { ChecklistChooser, ChecklistScreen, technicianText } from '../../technician';

/** ?order=<id>: that order's checklist; without it, my orders in progress to choose from. */
export function ChecklistsPage() {
  const [params] = useSearchParams();
  const raw = params.get('order');
  const orderId = raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  return (
    <AreaPage area="technician" path="/technician/checklists">
      {raw === null ? (
        <ChecklistChooser />
      ) : orderId !== null && orderId > 0 ? (
        <ChecklistScreen key={orderId} orderId={orderId} />
      ) : (
        <p role="alert">{technicianText.checklist.badOrder}</p>
      )}
    </AreaPage>
  );
}

export default ChecklistsPage;
