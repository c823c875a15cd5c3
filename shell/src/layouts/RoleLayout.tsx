import { Link, Outlet } from 'react-router-dom';
import { messages, type LayoutName } from 'shared-contracts';
import { logout } from '../auth/authEffects';
import { useSession } from '../auth/useSession';
import { Footer } from '../footer/Footer';
import { NotificationBell } from '../notifications';
import styles from './Layout.module.css';

export const ROLE_AREA_NAMES: Record<Exclude<LayoutName, 'public' | 'auth'>, string> = {
  staff: 'Nhân viên',
  manager: 'Quản lý',
  technician: 'Kỹ thuật viên',
  admin: 'Quản trị viên',
};

/** The layouts of /staff, /manager, /technician and /admin: a work bar; the area's own navigation comes from mfe-backoffice. */
export function RoleLayout({ area }: { area: keyof typeof ROLE_AREA_NAMES }) {
  const session = useSession();
  return (
    <div className={styles.page} data-role-layout={area}>
      <header className={styles.roleBar}>
        <Link to="/" className={styles.roleLogo}>
          {messages.brand.name}
        </Link>
        <span className={styles.roleName}>{ROLE_AREA_NAMES[area]}</span>
        <div className={styles.roleUser}>
          {session ? (
            <>
              <NotificationBell tone="dark" showAll={session.user.role === 'customer'} />
              <span className={styles.roleUserName}>{session.user.fullName || session.user.email}</span>
              <button type="button" className={styles.roleLogout} onClick={() => logout()}>
                {messages.header.logout}
              </button>
            </>
          ) : (
            <Link to="/auth/login">{messages.header.login}</Link>
          )}
        </div>
      </header>
      <main className={styles.roleMain} id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
