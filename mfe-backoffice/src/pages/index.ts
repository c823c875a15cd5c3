// The back office's pages, each an area's page around its features (entered through their index files): what
// routes.tsx maps to paths and the first view renders.
export { AdminDashboardPage } from './admin/AdminDashboardPage';
export { PredictionModelsPage } from './admin/PredictionModelsPage';
export { ReportsPage } from './admin/ReportsPage';
export { StaffManagementPage } from './admin/StaffManagementPage';
export { AdminStockPage } from './admin/StockPage';
export { UsersPage } from './admin/UsersPage';
export { ManagerDashboardPage } from './manager/ManagerDashboardPage';
export { ManagerStockPage } from './manager/StockPage';
export { AppointmentsPage } from './staff/AppointmentsPage';
export { CustomersPage } from './staff/CustomersPage';
export { ServiceOrdersPage } from './staff/ServiceOrdersPage';
export { StaffDashboardPage } from './staff/StaffDashboardPage';
export { ChecklistsPage } from './technician/ChecklistsPage';
export { PartsRequestPage } from './technician/PartsRequestPage';
export { TechnicianDashboardPage } from './technician/TechnicianDashboardPage';
export { WorkQueuePage } from './technician/WorkQueuePage';
