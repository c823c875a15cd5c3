import { Link } from 'react-router-dom';
import { pageWindow } from './productQuery';
import { productsText as text } from './productsText';
import styles from './ProductsPage.module.css';

interface Props {
  page: number;
  totalPages: number;
  /** the URL of a page number */
  hrefOf: (page: number) => string;
}

/** Links to the pages of a list (plain links: shareable, and the back button returns to the last one). */
export function Pagination({ page, totalPages, hrefOf }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={text.pagination} className={styles.pagination}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={hrefOf(page - 1)} rel="prev">
              {text.previous}
            </Link>
          ) : (
            <span aria-disabled="true" className={styles.disabled}>
              {text.previous}
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              <Link to={hrefOf(number)} aria-label={text.pageLabel(number)} aria-current={number === page ? 'page' : undefined}>
                {number}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={hrefOf(page + 1)} rel="next">
              {text.next}
            </Link>
          ) : (
            <span aria-disabled="true" className={styles.disabled}>
              {text.next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
