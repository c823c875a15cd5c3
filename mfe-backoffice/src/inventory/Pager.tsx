import { inventoryText } from './inventoryText';
import styles from '../components/StockPanels.module.css';

const t = inventoryText.pager;

interface Props {
  /** What is paged ('tồn kho', 'sổ phát sinh kho'), for the navigation's name. */
  what: string;
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / next page and where we are ('Trang 2/5 · 230 dòng'). */
export function Pager({ what, page, totalPages, total, onPage }: Props) {
  return (
    <nav aria-label={t.label(what)} className={styles.toolbar}>
      <button type="button" className={styles.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.previous}
      </button>
      <p className={styles.muted} aria-live="polite">
        {t.status(page, totalPages, total)}
      </p>
      <button type="button" className={styles.secondary} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t.next}
      </button>
    </nav>
  );
}
