import type { ReactNode } from 'react';
import { loadedOf, type Async as Load } from '../hooks/useAsync';
import { vi } from '../i18n/vi';
import styles from './Async.module.css';

/** Grey placeholder blocks while something loads (announced once as 'Đang tải...'). */
export function Skeleton({ count = 3, variant = 'card' }: { count?: number; variant?: 'card' | 'line' }) {
  return (
    <div className={variant === 'card' ? styles.cards : styles.lines} role="status" aria-busy="true">
      <span className={styles.hidden}>{vi.common.loading}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={variant === 'card' ? styles.card : styles.line} aria-hidden="true" />
      ))}
    </div>
  );
}

/** An API failure in Vietnamese with a 'Thử lại' button. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.error} role="alert">
      <p>{message}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {vi.common.retry}
      </button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className={styles.empty}>{children}</div>;
}

interface AsyncProps<T> {
  /** The block's load (useAsync): 'Thử lại' loads it afresh. */
  load: Load<T>;
  /** what to show while loading; a few skeleton cards by default */
  skeleton?: ReactNode;
  /** true when the loaded data has nothing to show */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Loading (skeleton), error (message + retry), empty and ready states of one API-backed block. */
export function Async<T>({ load, skeleton, isEmpty, empty, children }: AsyncProps<T>) {
  const state = loadedOf(load.state);
  if (state.status === 'loading') return <>{skeleton ?? <Skeleton />}</>;
  if (state.status === 'failed') return <ErrorState message={state.message} onRetry={() => load.reload('fresh')} />;
  if (isEmpty?.(state.data)) return <EmptyState>{empty ?? vi.common.empty}</EmptyState>;
  return <>{children(state.data)}</>;
}
