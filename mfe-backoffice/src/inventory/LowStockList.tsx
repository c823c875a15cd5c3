import type { InventoryItem } from 'shared-contracts/schemas';
import { inventoryText } from './inventoryText';
import styles from '../components/StockPanels.module.css';

const t = inventoryText.low;

interface Props {
  items: InventoryItem[] | null;
  failed: string | null;
  onRetry: () => void;
  /** 'Nhập kho' on a row (manager, admin); absent: view only. */
  onReceive?: (item: InventoryItem) => void;
}

/** M1: the centre's products at or below their minimum (available ≤ min stock), lowest first, each with 'Nhập kho'. */
export function LowStockList({ items, failed, onRetry, onReceive }: Props) {
  return (
    <section className={styles.panel} aria-labelledby="low-stock-heading">
      <h2 id="low-stock-heading">
        {t.heading}
        {items && items.length > 0 ? ` (${items.length})` : ''}
      </h2>
      {failed && (
        <p role="alert" className={styles.alert}>
          {failed}{' '}
          <button type="button" className={styles.secondary} onClick={onRetry}>
            {inventoryText.retry}
          </button>
        </p>
      )}
      {items === null && !failed && <p className={styles.muted}>{inventoryText.loading}</p>}
      {items !== null &&
        (items.length === 0 ? (
          <p className={styles.muted}>{t.empty}</p>
        ) : (
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.productId} className={styles.listItem}>
                <span>
                  <strong>{item.name}</strong> <span className={styles.hint}>({item.sku})</span>
                  <br />
                  <span className={styles.hint}>{t.figures(item.available, item.minStock)}</span>
                </span>
                {onReceive && item.isActive && (
                  <button type="button" className={styles.action} aria-label={t.receiveLabel(item.name)} onClick={() => onReceive(item)}>
                    {t.receive}
                  </button>
                )}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
