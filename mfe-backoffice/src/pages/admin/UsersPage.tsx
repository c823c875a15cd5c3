import { AreaPage } from '../../components/AreaPage';
import { UsersAdmin } from '../../users';

export function UsersPage() {
  return (
    <AreaPage area="admin" path="/admin/users">
      <UsersAdmin />
    </AreaPage>
  );
}

export default UsersPage;
