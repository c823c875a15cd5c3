import { AreaPage } from '../components/AreaPage';
import { useSessionRole } from '../hooks/useSessionRole';
import { MessagesDesk } from './MessagesDesk';

/**
 * /staff/messages: the centre's conversations with its customers (issue 49 §1). Managers and admins reach it from
 * their own navigation and keep it around the page.
 */
export function StaffMessagesPage() {
  const role = useSessionRole();
  return (
    <AreaPage area="staff" path="/staff/messages" frame={role === 'manager' || role === 'admin' ? role : 'staff'}>
      <MessagesDesk />
    </AreaPage>
  );
}

export default StaffMessagesPage;
