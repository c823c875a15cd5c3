import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../components/ModalDialog';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { DialogFooter } from './DialogFooter';
import { shiftsText } from './shiftsText';
import styles from './Shifts.module.css';

const t = shiftsText.dialog;

export interface ShiftDraft {
  startTime: string;
  endTime: string;
}

interface Props {
  title: string;
  openTime: string;
  closeTime: string;
  /** The shift as it is (edit) or the centre's hours (add). */
  initial: ShiftDraft;
  /** Offers 'Xoá ca' (an existing shift). */
  onRemove?: () => void;
  /** Saves; a rejection that is not a conflict (a 422 such as SHIFT_OUTSIDE_HOURS) is shown here and the dialog stays. */
  onSubmit: (draft: ShiftDraft) => Promise<void>;
  /** A 409 or 404 (someone else changed the week): the page explains it and reloads. */
  onStale: (error: unknown) => void;
  onClose: () => void;
}

/** Add or edit one technician's shift of one day: start and end ('HH:MM'), the opening hours as a hint. */
export function ShiftDialog({ title, openTime, closeTime, initial, onRemove, onSubmit, onStale, onClose }: Props) {
  const hintId = useId();
  const errorId = useId();
  const [startTime, setStartTime] = useState(initial.startTime);
  const [endTime, setEndTime] = useState(initial.endTime);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    if (!startTime || !endTime) {
      setError(t.required);
      return;
    }
    if (endTime <= startTime) {
      setError(t.order);
      setFields({ endTime: t.order });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSubmit({ startTime, endTime });
    } catch (failure) {
      if (isConflict(failure) || (failure as { status?: number } | null)?.status === 404) {
        onStale(failure);
        return;
      }
      setError(messageOf(failure, shiftsText.actionFailed));
      setFields(fieldErrorsOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const describedBy = (field: string) => [hintId, error || fields[field] ? errorId : ''].filter(Boolean).join(' ');

  return (
    <ModalDialog title={title} onClose={onClose}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <p id={hintId} className={styles.hint}>
          {t.hint(openTime, closeTime)}
        </p>
        <div className={styles.times}>
          <TimeField label={t.start} value={startTime} onChange={setStartTime} min={openTime} max={closeTime} invalid={Boolean(fields.startTime)} describedBy={describedBy('startTime')} />
          <TimeField label={t.end} value={endTime} onChange={setEndTime} min={openTime} max={closeTime} invalid={Boolean(fields.endTime)} describedBy={describedBy('endTime')} />
        </div>
        <DialogFooter error={error} errorId={errorId} busy={busy} labels={t} onCancel={onClose}>
          {onRemove && (
            <>
              <span className={styles.spacer} />
              <button type="button" className={styles.danger} disabled={busy} onClick={onRemove}>
                {t.remove}
              </button>
            </>
          )}
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}

interface TimeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: string;
  max: string;
  invalid: boolean;
  describedBy: string;
}

/** A required 'HH:MM' within the opening hours, in 5-minute steps. */
function TimeField({ label, value, onChange, min, max, invalid, describedBy }: TimeFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="time"
        className={styles.input}
        value={value}
        min={min}
        max={max}
        step={300}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
