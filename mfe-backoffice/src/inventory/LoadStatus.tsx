import type { Loaded } from '../hooks/useAsync';
import styles from '../components/StockPanels.module.css';
import { inventoryText } from './inventoryText';

/** What a stock panel shows while its answer loads, or when it failed (with "Thử lại"); nothing once ready. */
export function LoadStatus({ state, onRetry }: { state: Loaded<unknown>; onRetry: () => void }) {
  if (state.status === 'loading') return <p className={styles.muted}>{inventoryText.loading}</p>;
  if (state.status === 'failed') {
    return (
      <p role="alert" className={styles.alert}>
        {state.message}{' '}
        <button type="button" className={styles.secondary} onClick={onRetry}>
          {inventoryText.retry}
        </button>
      </p>
    );
  }
  return null;
}
