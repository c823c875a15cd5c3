import { Link } from 'react-router-dom';
import styles from './Chips.module.css';

export interface ChipOption {
  slug: string;
  name: string;
}

interface Props {
  /** accessible name of the list */
  label: string;
  /** the query parameter the chips set, e.g. `category` */
  param: string;
  basePath: string;
  allLabel: string;
  options: readonly ChipOption[];
  selected: string | null;
}

/** Filter links (`?param=slug`) with the current one marked, plus an "all" link. */
export function Chips({ label, param, basePath, allLabel, options, selected }: Props) {
  return (
    <nav aria-label={label}>
      <ul className={styles.chips}>
        <li>
          <Link to={basePath} className={styles.chip} aria-current={selected === null ? 'page' : undefined}>
            {allLabel}
          </Link>
        </li>
        {options.map((option) => (
          <li key={option.slug}>
            <Link
              to={`${basePath}?${param}=${encodeURIComponent(option.slug)}`}
              className={styles.chip}
              aria-current={selected === option.slug ? 'page' : undefined}
            >
              {option.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
