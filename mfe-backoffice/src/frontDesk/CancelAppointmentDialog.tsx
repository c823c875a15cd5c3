import { useId, useState, type FormEvent } from 'react';
import { REASON_MIN_LENGTH } from 'shared-contracts/backoffice';
import type { StaffAppointment } from 'shared-contracts/schemas';
import { ModalDialog } from '../components/ModalDialog';
import { isConflict, messageOf } from '../api/apiErrors';
import { frontDeskApi } from './frontDeskApi';
import { frontDeskText } from './frontDeskText';
import styles from './FrontDesk.module.css';

const t = frontDeskText.cancel;

interface Props {
  appointment: StaffAppointment;
  onClose: () => void;
  onCancelled: () => void;
  onStale?: () => void;
}

/** Cancel an appointment: the reason is required (sent as the status note, the customer sees it). */
export function CancelAppointmentDialog({ appointment, onClose, onCancelled, onStale }: Props) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (reason.trim().length < REASON_MIN_LENGTH) {
      setError(t.reasonRequired);
      document.getElementById(id)?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await frontDeskApi.setStatus(appointment.id, 'CANCELLED', reason.trim());
      onCancelled();
    } catch (failure) {
      setServerError(messageOf(failure, frontDeskText.actionFailed));
      if (isConflict(failure)) onStale?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={t.title(appointment.code)} description={`${appointment.licensePlate} · ${appointment.customer.fullName}`} onClose={onClose}>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <div className={styles.field}>
          <label htmlFor={id}>{t.reason}</label>
          <textarea
            id={id}
            className={styles.textarea}
            required
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
        <div role="alert">{serverError && <p className={styles.alert}>{serverError}</p>}</div>
        <div className={styles.actions}>
          <button type="submit" className={styles.danger} disabled={busy}>
            {busy ? t.submitting : t.submit}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {frontDeskText.back}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
