import type { RemotePage } from 'shared-contracts';
import { vi } from './i18n/vi';
import { ForgotPasswordPage } from './pages/auth/ForgotPasswordPage';
import { LoginPage } from './pages/auth/LoginPage';
import { RegisterPage } from './pages/auth/RegisterPage';
import { ResetPasswordPage } from './pages/auth/ResetPasswordPage';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { MaintenanceHistoryPage } from './pages/maintenance/MaintenanceHistoryPage';
import { ProfilePage } from './pages/profile/ProfilePage';
import { MyVehiclesPage } from './pages/vehicles/MyVehiclesPage';

/**
 * mfe-account's pages: exactly the paths the shared route table assigns to mfe_account.
 * The shell owns the router, the layouts and the login guard of /dashboard, /my-vehicles, /maintenance-history.
 */
export const pages: RemotePage[] = [
  { path: '/profile', title: vi.profile.title, Component: ProfilePage },
  { path: '/dashboard', title: vi.dashboard.title, Component: DashboardPage },
  { path: '/my-vehicles', title: vi.myVehicles.title, Component: MyVehiclesPage },
  { path: '/maintenance-history', title: vi.maintenanceHistory.title, Component: MaintenanceHistoryPage },
  { path: '/auth/login', title: vi.login.title, Component: LoginPage },
  { path: '/auth/register', title: vi.register.title, Component: RegisterPage },
  { path: '/auth/forgot-password', title: vi.forgotPassword.title, Component: ForgotPasswordPage },
  { path: '/auth/forgot-password/confirm', title: vi.resetPassword.title, Component: ResetPasswordPage },
];
