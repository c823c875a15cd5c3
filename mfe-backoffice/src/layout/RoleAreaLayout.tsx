import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { AREAS, type RoleArea } from '../i18n/vi';
import styles from './RoleAreaLayout.module.css';

interface Props {
  area: RoleArea;
  children: ReactNode;
}

/**
 * The frame of every back-office page: the role area's name and a side navigation of its pages
 * (the current one marked), then the page. The shell's role layout (top bar, footer) is around it.
 */
export function RoleAreaLayout({ area, children }: Props) {
  const { name, pages } = AREAS[area];
  return (
    <div className={styles.layout} data-role-area={area}>
      <aside className={styles.side}>
        <p className={styles.areaName}>{name}</p>
        <nav aria-label={name}>
          <ul className={styles.navList}>
            {pages.map((page) => (
              <li key={page.path}>
                <NavLink to={page.path} end className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}>
                  {page.navLabel}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className={styles.content}>{children}</div>
    </div>
  );
}

export default RoleAreaLayout;
