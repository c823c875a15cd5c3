import { useId, useState, type FormEvent } from 'react';
import { REVIEW_MODERATION_REASON_MAX } from 'shared-contracts/reviews';
import { fieldErrorsOf, messageOf } from '../api/apiErrors';
import { ModalDialog } from '../components/ModalDialog';
import { reviewsText as t } from './reviewsText';
import styles from './Reviews.module.css';

interface Props {
  title: string;
  description: string;
  /** Sends the reason; a refusal is thrown (its message is shown here and the dialog stays open). */
  onHide: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** "Ẩn" with its reason (required, 3–500 characters): kept, audited and told to the author. */
export function HideReasonDialog({ title, description, onHide, onClose }: Props) {
  const ids = { reason: useId(), error: useId() };
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError(t.reasonRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onHide(reason.trim());
    } catch (failure) {
      setError(fieldErrorsOf(failure).reason ?? messageOf(failure, t.actionFailed));
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={title} description={description} onClose={onClose}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={ids.reason} className={styles.fieldLabel}>
          {t.reason}
        </label>
        <textarea
          id={ids.reason}
          className={styles.textarea}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={REVIEW_MODERATION_REASON_MAX}
          rows={3}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
        {error && (
          <p id={ids.error} className={styles.fieldError} role="alert">
            {error}
          </p>
        )}
        <div className={styles.buttons}>
          <button type="submit" className={styles.danger} disabled={busy}>
            {busy ? t.saving : t.confirmHide}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t.back}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
