import { Link, useSearchParams } from 'react-router-dom';
import styles from './ViewTabs.module.css';

export interface ViewTab<K extends string> {
  key: K;
  label: string;
}

/** The view a page shows, from its `?view=` (the first tab when absent or unknown). */
export function useView<K extends string>(tabs: readonly ViewTab<K>[]): K {
  const [params] = useSearchParams();
  const requested = params.get('view');
  return tabs.find((tab) => tab.key === requested)?.key ?? tabs[0]!.key;
}

/** Links between a page's views (`?view=<key>`; the first tab is the page's own path), the current one marked. */
export function ViewTabs<K extends string>({ path, label, tabs, current }: { path: string; label: string; tabs: readonly ViewTab<K>[]; current: K }) {
  return (
    <nav aria-label={label}>
      <ul className={styles.tabs}>
        {tabs.map((tab, index) => (
          <li key={tab.key}>
            <Link to={index === 0 ? path : `${path}?view=${tab.key}`} className={styles.tab} aria-current={tab.key === current ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
