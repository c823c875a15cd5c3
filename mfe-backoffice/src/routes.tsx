import type { ComponentType } from 'react';
import { messages, type RemotePage } from 'shared-contracts';
import { lazyPage } from 'shared-contracts/react';
import { areaPage } from './i18n/vi';
import { CATALOGUE_KINDS } from './catalogueAdmin/catalogueLinks';
import { registerNavExtra } from './layout/navExtras';
// the staff navigation's unread count needs the messages feature at start: its page comes with it
import { MessagesNavCount, StaffMessagesPage } from './messages';

/** Each page (or feature) in a chunk of its own, loaded when first shown (decision 0074). */
const pageChunk = (load: () => Promise<ComponentType>) => lazyPage(load, messages.remote.loading);

const StaffDashboardPage = pageChunk(() => import('./pages/staff/StaffDashboardPage').then((module) => module.StaffDashboardPage));
const CustomersPage = pageChunk(() => import('./pages/staff/CustomersPage').then((module) => module.CustomersPage));
const AppointmentsPage = pageChunk(() => import('./pages/staff/AppointmentsPage').then((module) => module.AppointmentsPage));
const ServiceOrdersPage = pageChunk(() => import('./pages/staff/ServiceOrdersPage').then((module) => module.ServiceOrdersPage));
const ManagerDashboardPage = pageChunk(() => import('./pages/manager/ManagerDashboardPage').then((module) => module.ManagerDashboardPage));
const ManagerStockPage = pageChunk(() => import('./pages/manager/StockPage').then((module) => module.ManagerStockPage));
const TechnicianDashboardPage = pageChunk(() => import('./pages/technician/TechnicianDashboardPage').then((module) => module.TechnicianDashboardPage));
const WorkQueuePage = pageChunk(() => import('./pages/technician/WorkQueuePage').then((module) => module.WorkQueuePage));
const ChecklistsPage = pageChunk(() => import('./pages/technician/ChecklistsPage').then((module) => module.ChecklistsPage));
const PartsRequestPage = pageChunk(() => import('./pages/technician/PartsRequestPage').then((module) => module.PartsRequestPage));
const AdminDashboardPage = pageChunk(() => import('./pages/admin/AdminDashboardPage').then((module) => module.AdminDashboardPage));
const UsersPage = pageChunk(() => import('./pages/admin/UsersPage').then((module) => module.UsersPage));
const ReportsPage = pageChunk(() => import('./pages/admin/ReportsPage').then((module) => module.ReportsPage));
const StaffManagementPage = pageChunk(() => import('./pages/admin/StaffManagementPage').then((module) => module.StaffManagementPage));
const PredictionModelsPage = pageChunk(() => import('./pages/admin/PredictionModelsPage').then((module) => module.PredictionModelsPage));
const AdminStockPage = pageChunk(() => import('./pages/admin/StockPage').then((module) => module.AdminStockPage));
const AdminCataloguePage = pageChunk(() => import('./catalogueAdmin').then((module) => module.AdminCataloguePage));
const ManagerCataloguePage = pageChunk(() => import('./catalogueAdmin').then((module) => module.ManagerCataloguePage));
const VehicleModelsPage = pageChunk(() => import('./vehicleModels').then((module) => module.VehicleModelsPage));
const RecallsPage = pageChunk(() => import('./recalls').then((module) => module.RecallsPage));
const WebOrderDeskPage = pageChunk(() => import('./webOrders').then((module) => module.WebOrderDeskPage));
const AdminReviewsPage = pageChunk(() => import('./reviews').then((module) => module.AdminReviewsPage));
const ServiceRatingsPage = pageChunk(() => import('./serviceRatings').then((module) => module.ServiceRatingsPage));
const CashClosePage = pageChunk(() => import('./cashCloses').then((module) => module.CashClosePage));
const EInvoicesPage = pageChunk(() => import('./eInvoices').then((module) => module.EInvoicesPage));
const CodStatementsPage = pageChunk(() => import('./codStatements').then((module) => module.CodStatementsPage));
const WarrantyClaimsPage = pageChunk(() => import('./warranty').then((module) => module.WarrantyClaimsPage));
const ReleasesPage = pageChunk(() => import('./releases').then((module) => module.ReleasesPage));

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
    CATALOGUE_KINDS.map((kind) => ({
      path: `/${area}/catalogue/${kind}/:id`,
      title: areaPage(area, `/${area}/catalogue`).title,
      Component: pageChunk(() => import('./catalogueAdmin').then((module) => module.catalogueItemPage(area, kind))),
    })),
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
