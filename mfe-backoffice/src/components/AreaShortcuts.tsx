import { Link } from 'react-router-dom';
import { AREAS, vi, type RoleArea } from '../i18n/vi';
import styles from './AreaShortcuts.module.css';

/** On an area's dashboard: a card for each of the area's other pages. */
export function AreaShortcuts({ area, current }: { area: RoleArea; current: string }) {
  const others = AREAS[area].pages.filter((page) => page.path !== current);
  if (others.length === 0) return null;
  return (
    <nav aria-label={vi.shortcutsLabel}>
      <ul className={styles.grid}>
        {others.map((page) => (
          <li key={page.path}>
            <Link to={page.path} className={styles.card}>
              <span className={styles.name}>{page.title}</span>
              <span className={styles.text}>{page.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
