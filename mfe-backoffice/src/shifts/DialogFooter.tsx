import type { ReactNode } from 'react';
import styles from './Shifts.module.css';

interface Props {
  /** The dialog's error, read at once (role="alert"); the fields point at it by `errorId`. */
  error: string | null;
  errorId: string;
  busy: boolean;
  labels: { save: string; saving: string; cancel: string };
  onCancel: () => void;
  /** More buttons after 'Huỷ' (e.g. 'Xoá ca'). */
  children?: ReactNode;
}

/** A shift dialog's end: its error, then the submit button (disabled while saving) and the cancel button. */
export function DialogFooter({ error, errorId, busy, labels, onCancel, children }: Props) {
  return (
    <>
      {error && (
        <p id={errorId} role="alert" className={styles.alert}>
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? labels.saving : labels.save}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {labels.cancel}
        </button>
        {children}
      </div>
    </>
  );
}
