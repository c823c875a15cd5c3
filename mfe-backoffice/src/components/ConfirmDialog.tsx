import { useState, type ReactNode } from 'react';
import { ModalDialog } from './ModalDialog';
import styles from './ConfirmDialog.module.css';

interface Props {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  cancelLabel?: string;
  /** 'danger' for what cannot be undone (a no-show, a cancellation). */
  tone?: 'primary' | 'danger';
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}

/** "Are you sure?" for one action: the confirm button gets the focus, Escape or 'Quay lại' backs out. */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, cancelLabel = 'Quay lại', tone = 'primary', onConfirm, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog title={title} onClose={onClose}>
      {children}
      <div className={styles.actions}>
        <button type="button" data-autofocus className={tone === 'danger' ? styles.danger : styles.primary} disabled={busy} onClick={() => void confirm()}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {cancelLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
