import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { messages } from 'shared-contracts';
import { logout } from '../auth/authEffects';
import { NotificationBell } from '../notifications';
import { useSession } from '../auth/useSession';
import { UserAvatar } from '../auth/UserAvatar';
import { DesktopNav } from './DesktopNav';
import { MobileMenu } from './MobileMenu';
import { SearchBox } from './SearchBox';
import { MOBILE_BREAKPOINT_PX } from './navigation';
import { useCartItemCount } from './useCartItemCount';
import { useMediaQuery } from './useMediaQuery';
import styles from './Header.module.css';

function CartLink() {
  const count = useCartItemCount();
  return (
    <Link to="/cart" className={styles.iconButton} aria-label={messages.header.cartWithCount(count)} data-testid="cart-link">
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 2-1.5L21 7H6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <circle cx="10" cy="20" r="1.5" fill="currentColor" />
        <circle cx="17" cy="20" r="1.5" fill="currentColor" />
      </svg>
      {count > 0 && (
        <span className={styles.badge} data-testid="cart-badge">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

/** The customer's points page: only a link (the balance is the page's to read, the header asks for nothing). */
function LoyaltyLink() {
  return (
    <Link to="/loyalty" className={styles.iconButton} aria-label={messages.header.loyalty} title={messages.header.loyalty} data-testid="loyalty-link">
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </Link>
  );
}

export type HeaderLayout = 'mobile' | 'desktop';

/**
 * The site header of the spec: 57 px, mobile form below 1024 px. `layout` forces one form (the first view,
 * rendered before any browser is there to ask); otherwise the media query decides.
 */
export function Header({ layout }: { layout?: HeaderLayout } = {}) {
  const session = useSession();
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  const mobile = layout ? layout === 'mobile' : narrow;
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname, mobile]);

  const onLogout = () => {
    setMenuOpen(false);
    logout();
    navigate('/');
  };

  const user = session?.user;
  return (
    <header className={styles.header} data-layout={mobile ? 'mobile' : 'desktop'}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={`${messages.brand.name} — ${messages.brand.tagline}`}>
          <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path d="M18 4 8 18h7l-2 10 10-14h-7z" fill="#f5a524" />
          </svg>
          <span>{messages.brand.name}</span>
        </Link>
        {!mobile && <DesktopNav />}
        <div className={styles.actions}>
          <SearchBox />
          <CartLink />
          {user && <NotificationBell tone="light" showAll={user.role === 'customer'} />}
          {!mobile &&
            (user ? (
              <>
                {user.role === 'customer' && <LoyaltyLink />}
                <Link to="/profile" className={styles.profile} title={user.email}>
                  <UserAvatar user={user} imageClassName={styles.avatar} initialsClassName={styles.avatarInitial} />
                  <span className={styles.profileName}>{user.fullName || messages.header.profile}</span>
                </Link>
                <button type="button" className={styles.secondaryButton} onClick={onLogout}>
                  {messages.header.logout}
                </button>
              </>
            ) : (
              <>
                <Link to="/auth/login" className={styles.secondaryButton}>
                  {messages.header.login}
                </Link>
                <Link to="/booking" className={styles.primaryButton}>
                  {messages.header.bookNow}
                </Link>
              </>
            ))}
          {mobile && (
            <button
              type="button"
              className={styles.iconButton}
              aria-label={menuOpen ? messages.header.closeMenu : messages.header.openMenu}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((value) => !value)}
            >
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                {menuOpen ? (
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                ) : (
                  <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                )}
              </svg>
            </button>
          )}
        </div>
      </div>
      {mobile && menuOpen && (
        <MobileMenu loggedIn={Boolean(user)} customer={user?.role === 'customer'} onNavigate={() => setMenuOpen(false)} onLogout={onLogout} />
      )}
    </header>
  );
}
