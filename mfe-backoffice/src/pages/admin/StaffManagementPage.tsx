import { AreaPage } from '../../components/AreaPage';

export function StaffManagementPage() {
  return <AreaPage area="admin" path="/admin/staff-management" />;
}

export default StaffManagementPage;
