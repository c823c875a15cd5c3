import styles from './LoadStatus.module.css';

/** A section's 'loading…' line, read politely by screen readers. */
export function Loading({ text }: { text: string }) {
  return (
    <p className={styles.loading} aria-live="polite">
      {text}
    </p>
  );
}

/**
 * A section that could not load: the Vietnamese message and a button that tries again. `announce` (default true)
 * makes the message an alert, read at once by screen readers.
 */
export function LoadFailed({ message, retryLabel, onRetry, announce = true }: { message: string; retryLabel: string; onRetry: () => void; announce?: boolean }) {
  return (
    <div className={styles.failed}>
      <p className={styles.alert} role={announce ? 'alert' : undefined}>
        {message}
      </p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
