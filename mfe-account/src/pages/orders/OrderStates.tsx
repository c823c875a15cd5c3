import { ordersText } from './ordersText';
import styles from './OrdersPage.module.css';

export function OrderLoading() {
  return (
    <p role="status" aria-live="polite" className={styles.muted}>
      {ordersText.loading}
    </p>
  );
}

export function OrderLoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className={styles.error}>
      <p>{message}</p>
      <button type="button" className={styles.button} onClick={onRetry}>
        {ordersText.retry}
      </button>
    </div>
  );
}
