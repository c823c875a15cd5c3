import { useId, useState, type FormEvent } from 'react';
import { REASON_MIN_LENGTH } from 'shared-contracts/backoffice';
import { serviceOrdersText } from './serviceOrdersText';
import styles from './ServiceOrders.module.css';

const t = serviceOrdersText.drawer;

interface Props {
  /** The button that opens the form ('Mở lại phiếu', 'Hủy phiếu'). */
  label: string;
  submitLabel: string;
  tone: 'secondary' | 'danger';
  /** Sends the reason; resolves when done (the drawer reloads), rejects to keep the form open. */
  onSubmit: (reason: string) => Promise<boolean>;
}

/** An action that needs a reason of at least 5 characters (reopen, cancel): a button, then a short form. */
export function ReasonAction({ label, submitLabel, tone, onSubmit }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!open) {
    return (
      <button type="button" className={tone === 'danger' ? styles.danger : styles.secondary} onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < REASON_MIN_LENGTH) {
      setError(t.reasonRequired);
      document.getElementById(id)?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const done = await onSubmit(reason.trim());
    setBusy(false);
    if (done) {
      setOpen(false);
      setReason('');
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-label={label}>
      <div className={styles.field}>
        <label htmlFor={id}>
          {t.reason} ({label.toLowerCase()})
        </label>
        <textarea
          id={id}
          className={styles.textarea}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the form opened because the user asked for it: the reason is what they type next
          autoFocus
          maxLength={300}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {t.reasonHint}
        </p>
        {error && (
          <p id={`${id}-error`} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
      <div className={styles.buttons}>
        <button type="submit" className={tone === 'danger' ? styles.danger : styles.action} disabled={busy}>
          {busy ? t.sending : submitLabel}
        </button>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            setOpen(false);
            setError(null);
          }}
        >
          {t.back}
        </button>
      </div>
    </form>
  );
}
