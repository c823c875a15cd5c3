import { useLocation } from 'react-router-dom';
import { AreaPage } from '../components/AreaPage';
import type { RoleArea } from '../i18n/vi';
import { WebOrderDesk } from './WebOrderDesk';

const AREA_OF: Record<string, RoleArea> = { '/staff/web-orders': 'staff', '/manager/web-orders': 'manager', '/admin/web-orders': 'admin' };

/** "Đơn hàng online": the web-order desk, in the staff, manager or admin area (the server scopes the orders). */
export function WebOrderDeskPage() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/$/, '');
  const area = AREA_OF[path] ?? 'staff';
  return (
    <AreaPage area={area} path={`/${area}/web-orders`}>
      <WebOrderDesk />
    </AreaPage>
  );
}

export default WebOrderDeskPage;
