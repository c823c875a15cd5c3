import type { DeskNotice } from './useDeskRunner';
import styles from './PartsDesk.module.css';

/** The outcome of the last action: a polite status when done, an alert when refused. */
export function DeskNotices({ notice }: { notice: DeskNotice }) {
  return (
    <>
      <p role="status" aria-live="polite" className={styles.done}>
        {notice?.kind === 'done' ? notice.text : ''}
      </p>
      <div role="alert">{notice?.kind === 'failed' && <p className={styles.alert}>{notice.text}</p>}</div>
    </>
  );
}
