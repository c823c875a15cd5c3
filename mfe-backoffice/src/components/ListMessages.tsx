import styles from './AdminLists.module.css';

interface Props {
  /** The last action's outcome, read out politely. */
  announcement: string;
  /** Why the last action was refused (a 409 explained), or null. */
  actionError: string | null;
  /** Why the list could not be loaded, or null; offers to try again. */
  failed: string | null;
  onRetry: () => void;
  retryLabel: string;
  /** Nothing loaded yet (and nothing failed): `loadingLabel` is shown. */
  loading: boolean;
  loadingLabel: string;
  /** Loaded and empty: `emptyLabel` is shown. */
  empty: boolean;
  emptyLabel: string;
}

/** The admin lists' messages above their table: the live announcement, a refused action, a failed load, loading, empty. */
export function ListMessages({ announcement, actionError, failed, onRetry, retryLabel, loading, loadingLabel, empty, emptyLabel }: Props) {
  return (
    <>
      <p role="status" aria-live="polite" className={styles.done}>
        {announcement}
      </p>
      {actionError && (
        <p role="alert" className={styles.alert}>
          {actionError}
        </p>
      )}
      {failed && (
        <p role="alert" className={styles.alert}>
          {failed}{' '}
          <button type="button" className={styles.secondary} onClick={onRetry}>
            {retryLabel}
          </button>
        </p>
      )}
      {loading && !failed && <p className={styles.muted}>{loadingLabel}</p>}
      {empty && <p className={styles.muted}>{emptyLabel}</p>}
    </>
  );
}
