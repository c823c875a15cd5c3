import { Link, NavLink } from 'react-router-dom';
import { messages } from 'shared-contracts';
import { MENU } from './navigation';
import styles from './Header.module.css';

interface Props {
  loggedIn: boolean;
  /** A customer's account actions lead to their points too. */
  customer?: boolean;
  onNavigate: () => void;
  onLogout: () => void;
}

/** The menu below 1024 px: a full-width panel with every item and its entries. */
export function MobileMenu({ loggedIn, customer = false, onNavigate, onLogout }: Props) {
  return (
    <div className={styles.mobilePanel} id="mobile-menu">
      <nav aria-label={messages.header.mainNavigation}>
        <ul className={styles.mobileList}>
          {MENU.map((item) => (
            <li key={item.id}>
              <NavLink to={item.to} className={styles.mobileLink} onClick={onNavigate}>
                {item.label}
              </NavLink>
              {item.entries.length > 0 && (
                <ul className={styles.mobileEntries}>
                  {item.entries.map((entry) => (
                    <li key={entry.label}>
                      <Link to={entry.to} className={styles.mobileEntry} onClick={onNavigate}>
                        {entry.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.mobileActions}>
        {loggedIn ? (
          <>
            <Link to="/profile" className={styles.secondaryButton} onClick={onNavigate}>
              {messages.header.profile}
            </Link>
            {customer && (
              <Link to="/loyalty" className={styles.secondaryButton} onClick={onNavigate}>
                {messages.header.loyalty}
              </Link>
            )}
            <button type="button" className={styles.secondaryButton} onClick={onLogout}>
              {messages.header.logout}
            </button>
          </>
        ) : (
          <>
            <Link to="/auth/login" className={styles.secondaryButton} onClick={onNavigate}>
              {messages.header.login}
            </Link>
            <Link to="/booking" className={styles.primaryButton} onClick={onNavigate}>
              {messages.header.bookNow}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
