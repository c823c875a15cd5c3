import type { ComponentType } from 'react';
import { messages, type RemotePage } from 'shared-contracts';
import { lazyPage as chunkedPage } from 'shared-contracts/react';
import { vi } from './i18n/vi';
import { messagesText } from './messages/messagesText';
import { notificationsText } from './notifications/notificationsText';

/**
 * A page loaded on first visit (its own chunk, with the Redux store it needs), so the forms and their
 * libraries do not weigh on other pages' first load.
 */
function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  return chunkedPage(async () => {
    const [{ AccountProvider }, Component] = await Promise.all([import('./store/AccountProvider'), load()]);
    return function AccountPage() {
      return (
        <AccountProvider>
          <Component />
        </AccountProvider>
      );
    };
  }, messages.remote.loading);
}

const LoginPage = lazyPage(() => import('./pages/auth/LoginPage').then((module) => module.LoginPage));
const RegisterPage = lazyPage(() => import('./pages/auth/RegisterPage').then((module) => module.RegisterPage));
const ForgotPasswordPage = lazyPage(() => import('./pages/auth/ForgotPasswordPage').then((module) => module.ForgotPasswordPage));
const ResetPasswordPage = lazyPage(() => import('./pages/auth/ResetPasswordPage').then((module) => module.ResetPasswordPage));
const ProfilePage = lazyPage(() => import('./pages/profile/ProfilePage').then((module) => module.ProfilePage));
const DashboardPage = lazyPage(() => import('./pages/dashboard/DashboardPage').then((module) => module.DashboardPage));
const MyVehiclesPage = lazyPage(() => import('./pages/vehicles/MyVehiclesPage').then((module) => module.MyVehiclesPage));
const MaintenanceHistoryPage = lazyPage(() => import('./pages/maintenance/MaintenanceHistoryPage').then((module) => module.MaintenanceHistoryPage));
const OrdersPage = lazyPage(() => import('./pages/orders/OrdersPage').then((module) => module.OrdersPage));
const OrderDetailPage = lazyPage(() => import('./pages/orders/OrderDetailPage').then((module) => module.OrderDetailPage));
const WishlistPage = lazyPage(() => import('./pages/wishlist/WishlistPage').then((module) => module.WishlistPage));
const MessagesPage = lazyPage(() => import('./messages').then((module) => module.MessagesPage));
const ThreadPage = lazyPage(() => import('./messages').then((module) => module.ThreadPage));
const NotificationsPage = lazyPage(() => import('./notifications').then((module) => module.NotificationsPage));
const LoyaltyPage = lazyPage(() => import('./pages/loyalty/LoyaltyPage').then((module) => module.LoyaltyPage));

/**
 * mfe-account's pages: exactly the paths the shared route table assigns to mfe_account.
 * The shell owns the router, the layouts and the login guard of /dashboard, /my-vehicles, /maintenance-history;
 * /profile sends a guest to the login page itself.
 */
export const pages: RemotePage[] = [
  { path: '/profile', title: vi.profile.title, Component: ProfilePage },
  { path: '/dashboard', title: vi.dashboard.title, Component: DashboardPage },
  { path: '/my-vehicles', title: vi.myVehicles.title, Component: MyVehiclesPage },
  { path: '/maintenance-history', title: vi.maintenanceHistory.title, Component: MaintenanceHistoryPage },
  { path: '/orders', title: vi.orders.title, Component: OrdersPage },
  { path: '/orders/:code', title: vi.orderDetail.title, Component: OrderDetailPage },
  { path: '/wishlist', title: vi.wishlist.title, Component: WishlistPage },
  { path: '/messages', title: messagesText.listTitle, Component: MessagesPage },
  { path: '/messages/:id', title: messagesText.threadTitle, Component: ThreadPage },
  { path: '/notifications', title: notificationsText.title, Component: NotificationsPage },
  { path: '/loyalty', title: vi.loyalty.title, Component: LoyaltyPage },
  { path: '/auth/login', title: vi.login.title, Component: LoginPage },
  { path: '/auth/register', title: vi.register.title, Component: RegisterPage },
  { path: '/auth/forgot-password', title: vi.forgotPassword.title, Component: ForgotPasswordPage },
  { path: '/auth/forgot-password/confirm', title: vi.resetPassword.title, Component: ResetPasswordPage },
];
