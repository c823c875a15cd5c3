import { AreaPage } from '../../components/AreaPage';
import { StaffManagement } from '../../staffManagement';

export function StaffManagementPage() {
  return (
    <AreaPage area="admin" path="/admin/staff-management">
      <StaffManagement />
    </AreaPage>
  );
}

export default StaffManagementPage;
