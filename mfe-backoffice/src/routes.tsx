import type { RemotePage } from 'shared-contracts';
import { areaPage } from './i18n/vi';
import { CashClosePage } from './cashCloses';
import { CodStatementsPage } from './codStatements';
import { EInvoicesPage } from './eInvoices';
import { AdminCataloguePage, CATALOGUE_KINDS, catalogueItemPage, ManagerCataloguePage } from './catalogueAdmin';
import { AdminDashboardPage, AdminStockPage, AppointmentsPage, ChecklistsPage, CustomersPage, ManagerDashboardPage, ManagerStockPage, PartsRequestPage, PredictionModelsPage, ReportsPage, ServiceOrdersPage, StaffDashboardPage, StaffManagementPage, TechnicianDashboardPage, UsersPage, WorkQueuePage } from './pages';
import { registerNavExtra } from './layout/navExtras';
import { MessagesNavCount, StaffMessagesPage } from './messages';
import { AdminReviewsPage } from './reviews';
import { ServiceRatingsPage } from './serviceRatings';
import { VehicleModelsPage } from './vehicleModels';
import { RecallsPage } from './recalls';
import { ReleasesPage } from './releases';
import { WarrantyClaimsPage } from './warranty';
import { WebOrderDeskPage } from './webOrders';

// The staff navigation's "Tin nhắn" shows the centre's unread messages.
registerNavExtra('/staff/messages', MessagesNavCount);

/**
 * The back office's pages: exactly the paths the shared route table assigns to mfe_backoffice.
 * The shell owns the router and renders `Component` inside its role layout for the matching path.
 */
export const pages: RemotePage[] = [
  { path: '/staff', title: areaPage('staff', '/staff').title, Component: StaffDashboardPage },
  { path: '/staff/customers', title: areaPage('staff', '/staff/customers').title, Component: CustomersPage },
  { path: '/staff/appointments', title: areaPage('staff', '/staff/appointments').title, Component: AppointmentsPage },
  { path: '/staff/service-orders', title: areaPage('staff', '/staff/service-orders').title, Component: ServiceOrdersPage },
  { path: '/manager', title: areaPage('manager', '/manager').title, Component: ManagerDashboardPage },
  { path: '/technician', title: areaPage('technician', '/technician').title, Component: TechnicianDashboardPage },
  { path: '/technician/work-queue', title: areaPage('technician', '/technician/work-queue').title, Component: WorkQueuePage },
  { path: '/technician/checklists', title: areaPage('technician', '/technician/checklists').title, Component: ChecklistsPage },
  { path: '/technician/parts-request', title: areaPage('technician', '/technician/parts-request').title, Component: PartsRequestPage },
  { path: '/admin', title: areaPage('admin', '/admin').title, Component: AdminDashboardPage },
  { path: '/admin/users', title: areaPage('admin', '/admin/users').title, Component: UsersPage },
  { path: '/admin/reports', title: areaPage('admin', '/admin/reports').title, Component: ReportsPage },
  { path: '/admin/staff-management', title: areaPage('admin', '/admin/staff-management').title, Component: StaffManagementPage },
  { path: '/admin/models', title: areaPage('admin', '/admin/models').title, Component: PredictionModelsPage },
  { path: '/admin/catalogue', title: areaPage('admin', '/admin/catalogue').title, Component: AdminCataloguePage },
  { path: '/manager/catalogue', title: areaPage('manager', '/manager/catalogue').title, Component: ManagerCataloguePage },
  { path: '/admin/vehicle-models', title: areaPage('admin', '/admin/vehicle-models').title, Component: VehicleModelsPage },
  { path: '/admin/recalls', title: areaPage('admin', '/admin/recalls').title, Component: RecallsPage },
  // each product's, service's, package's and promotion's own page (`new` for a new one): not in the side navigation
  ...(['admin', 'manager'] as const).flatMap((area) =>
    CATALOGUE_KINDS.map((kind) => ({ path: `/${area}/catalogue/${kind}/:id`, title: areaPage(area, `/${area}/catalogue`).title, Component: catalogueItemPage(area, kind) })),
  ),
  { path: '/admin/stock', title: areaPage('admin', '/admin/stock').title, Component: AdminStockPage },
  { path: '/manager/stock', title: areaPage('manager', '/manager/stock').title, Component: ManagerStockPage },
  { path: '/staff/web-orders', title: areaPage('staff', '/staff/web-orders').title, Component: WebOrderDeskPage },
  { path: '/manager/web-orders', title: areaPage('manager', '/manager/web-orders').title, Component: WebOrderDeskPage },
  { path: '/admin/web-orders', title: areaPage('admin', '/admin/web-orders').title, Component: WebOrderDeskPage },
  { path: '/admin/reviews', title: areaPage('admin', '/admin/reviews').title, Component: AdminReviewsPage },
  { path: '/manager/ratings', title: areaPage('manager', '/manager/ratings').title, Component: ServiceRatingsPage },
  { path: '/admin/ratings', title: areaPage('admin', '/admin/ratings').title, Component: ServiceRatingsPage },
  { path: '/staff/messages', title: areaPage('staff', '/staff/messages').title, Component: StaffMessagesPage },
  { path: '/staff/cash-close', title: areaPage('staff', '/staff/cash-close').title, Component: CashClosePage },
  { path: '/admin/e-invoices', title: areaPage('admin', '/admin/e-invoices').title, Component: EInvoicesPage },
  { path: '/admin/cod-statements', title: areaPage('admin', '/admin/cod-statements').title, Component: CodStatementsPage },
  { path: '/manager/cod-statements', title: areaPage('manager', '/manager/cod-statements').title, Component: CodStatementsPage },
  { path: '/admin/warranty-claims', title: areaPage('admin', '/admin/warranty-claims').title, Component: WarrantyClaimsPage },
  { path: '/manager/warranty-claims', title: areaPage('manager', '/manager/warranty-claims').title, Component: WarrantyClaimsPage },
  { path: '/admin/releases', title: areaPage('admin', '/admin/releases').title, Component: ReleasesPage },
];
