import { AreaPage } from '../components/AreaPage';
import { MessagesDesk } from './MessagesDesk';

/** /staff/messages: the centre's conversations with its customers (issue 49 §1). */
export function StaffMessagesPage() {
  return (
    <AreaPage area="staff" path="/staff/messages">
      <MessagesDesk />
    </AreaPage>
  );
}

export default StaffMessagesPage;
