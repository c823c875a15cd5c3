import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useSessionRole } from '../hooks/useSessionRole';
import { AREAS, ROLE_NAMES, type RoleArea } from '../i18n/vi';
import { areaNavigation, hrefOf, isCurrent } from './areaNavigation';
import { navExtraOf } from './navExtras';
import styles from './RoleAreaLayout.module.css';

interface Props {
  area: RoleArea;
  children: ReactNode;
}

/**
 * The frame of every back-office page: the role area's name, the signed-in user's role badge and a side navigation
 * of its pages and listed views (the current one marked), then the page. The shell's role layout (top bar, footer)
 * is around it.
 */
export function RoleAreaLayout({ area, children }: Props) {
  const { name } = AREAS[area];
  const items = areaNavigation(area);
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const view = search.get('view');
  const role = useSessionRole();
  return (
    <div className={styles.layout} data-role-area={area}>
      <aside className={styles.side}>
        <p className={styles.areaName}>{name}</p>
        {role && (
          <p className={styles.roleBadge} data-role={role}>
            {ROLE_NAMES[role]}
          </p>
        )}
        <nav aria-label={name}>
          <ul className={styles.navList}>
            {items.map((item) => {
              const current = isCurrent(item, items, pathname, view);
              const Extra = item.view ? null : navExtraOf(item.path);
              return (
                <li key={hrefOf(item)}>
                  <Link to={hrefOf(item)} aria-current={current ? 'page' : undefined} className={current ? `${styles.navLink} ${styles.active}` : styles.navLink}>
                    {item.label}
                    {Extra && <Extra />}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <div className={styles.content}>{children}</div>
    </div>
  );
}

export default RoleAreaLayout;
