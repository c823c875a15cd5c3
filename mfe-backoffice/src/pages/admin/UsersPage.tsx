import { AreaPage } from '../../components/AreaPage';

export function UsersPage() {
  return <AreaPage area="admin" path="/admin/users" />;
}

export default UsersPage;
