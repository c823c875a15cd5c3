import { useLocation, useSearchParams } from 'react-router-dom';
import { AreaPage } from '../components/AreaPage';
import { useView, type ViewTab, ViewTabs } from '../components/ViewTabs';
import type { RoleArea } from '../i18n/vi';
import { PaymentExceptionsQueue } from '../paymentExceptions';
import { ReconciliationView } from '../reconciliation';
import { PickupListView } from '../shipping';
import { WebOrderDesk } from './WebOrderDesk';

const AREA_OF: Record<string, RoleArea> = { '/staff/web-orders': 'staff', '/manager/web-orders': 'manager', '/admin/web-orders': 'admin' };

type DeskView = 'orders' | 'shipping' | 'payments' | 'reconciliation';
const DESK_TABS: readonly ViewTab<DeskView>[] = [
  { key: 'orders', label: 'Đơn hàng' },
  { key: 'shipping', label: 'Giao vận' },
  { key: 'payments', label: 'Giao dịch cần xử lý' },
];
const ADMIN_TABS: readonly ViewTab<DeskView>[] = [...DESK_TABS, { key: 'reconciliation', label: 'Đối soát' }];

/** The exception `?exception=` names (a link from a COD statement's line), else none. */
function exceptionOf(params: URLSearchParams): number | null {
  const id = Number(params.get('exception'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * "Đơn hàng online": the web-order desk, in the staff, manager or admin area (the server scopes the orders), with
 * the day's parcels for the carriers (`?view=shipping`), its payments exceptions queue (`?view=payments`, one
 * exception open with `&exception=<id>`) and, for admin, the daily reconciliation (`?view=reconciliation`).
 */
export function WebOrderDeskPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const exception = exceptionOf(params);
  const path = pathname.replace(/\/$/, '');
  const area = AREA_OF[path] ?? 'staff';
  const tabs = area === 'admin' ? ADMIN_TABS : DESK_TABS;
  const view = useView(tabs);
  return (
    <AreaPage area={area} path={`/${area}/web-orders`}>
      <ViewTabs path={`/${area}/web-orders`} label="Quầy đơn hàng online" tabs={tabs} current={view} />
      {view === 'orders' && <WebOrderDesk />}
      {view === 'shipping' && <PickupListView />}
      {view === 'payments' && <PaymentExceptionsQueue key={exception ?? 'queue'} initialSelected={exception} />}
      {view === 'reconciliation' && <ReconciliationView />}
    </AreaPage>
  );
}

export default WebOrderDeskPage;
