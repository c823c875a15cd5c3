import { AreaPage } from '../components/AreaPage';
import { useSessionRole } from '../hooks/useSessionRole';
import { CashCloseDesk } from './CashCloseDesk';

/** /staff/cash-close, "Chốt ca": the counter's clerk and the centre's manager (who reaches it from their navigation). */
export function CashClosePage() {
  const role = useSessionRole();
  const viewer = role === 'manager' || role === 'admin' ? role : 'staff';
  return (
    <AreaPage area="staff" path="/staff/cash-close" frame={viewer}>
      <CashCloseDesk viewer={viewer} />
    </AreaPage>
  );
}

export default CashClosePage;
