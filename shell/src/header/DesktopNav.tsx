import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { messages } from 'shared-contracts';
import { DROPDOWN_CLOSE_DELAY_MS, DROPDOWN_WIDTHS, MENU } from './navigation';
import styles from './Header.module.css';

/** The five menu items; a dropdown opens on hover or focus and closes 100 ms after the pointer leaves. */
export function DesktopNav() {
  const [openId, setOpenId] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const location = useLocation();

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const open = (id: string) => {
    cancelClose();
    setOpenId(id);
  };
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpenId(null), DROPDOWN_CLOSE_DELAY_MS);
  };

  // Escape on any link of the menu closes the open dropdown
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setOpenId(null);
  };

  useEffect(() => setOpenId(null), [location.pathname, location.search, location.hash]);
  useEffect(() => cancelClose, []);

  return (
    <nav className={styles.nav} aria-label={messages.header.mainNavigation}>
      <ul className={styles.menu}>
        {MENU.map((item) => {
          const hasDropdown = item.entries.length > 0;
          const isOpen = openId === item.id;
          return (
            <li
              key={item.id}
              className={styles.menuItem}
              onMouseEnter={hasDropdown ? () => open(item.id) : undefined}
              onMouseLeave={hasDropdown ? scheduleClose : undefined}
              onFocus={hasDropdown ? () => open(item.id) : undefined}
              onBlur={
                hasDropdown
                  ? (event) => {
                      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) scheduleClose();
                    }
                  : undefined
              }
            >
              <NavLink
                to={item.to}
                className={({ isActive }) => `${styles.menuLink} ${isActive ? styles.active : ''}`}
                aria-haspopup={hasDropdown ? 'true' : undefined}
                aria-expanded={hasDropdown ? isOpen : undefined}
                onKeyDown={closeOnEscape}
              >
                {item.label}
                {hasDropdown && <span className={styles.chevron} aria-hidden="true" />}
              </NavLink>
              {hasDropdown && (
                <div
                  className={`${styles.dropdown} ${isOpen ? styles.dropdownOpen : ''}`}
                  style={{ width: DROPDOWN_WIDTHS[item.size ?? 'md'] }}
                  data-size={item.size ?? 'md'}
                  data-open={isOpen}
                  data-testid={`dropdown-${item.id}`}
                >
                  <ul className={styles.dropdownGrid}>
                    {item.entries.map((entry) => (
                      <li key={entry.label}>
                        <Link to={entry.to} className={styles.dropdownLink} tabIndex={isOpen ? 0 : -1} onKeyDown={closeOnEscape}>
                          <span className={styles.dropdownLabel}>{entry.label}</span>
                          <span className={styles.dropdownDescription}>{entry.description}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
