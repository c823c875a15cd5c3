import { useId, useRef, useState, type FormEvent } from 'react';
import { formatVietnamDateTime } from 'shared-contracts/calendar';
import type { TimeEntry } from 'shared-contracts/schemas';
import { ModalDialog } from '../components/ModalDialog';
import { fieldErrorsOf, messageOf } from '../api/apiErrors';
import { DialogFooter } from './DialogFooter';
import { REASON_MAX, REASON_MIN, shiftsText } from './shiftsText';
import { instantOfLocalInput, localInputOf } from './weekDays';
import styles from './Shifts.module.css';

const t = shiftsText.correct;

export interface Correction {
  startedAt: string;
  endedAt: string;
  reason: string;
}

interface Props {
  entry: TimeEntry & { endedAt: string };
  onSubmit: (correction: Correction) => Promise<void>;
  /** A refusal the user cannot fix here (the entry is running again, or changed): the list explains and reloads. */
  isStale: (error: unknown) => boolean;
  onStale: (error: unknown) => void;
  onClose: () => void;
}

/**
 * 'Sửa' a finished time entry (spec back-office §7 M4): start and end (Vietnam wall clock) and a required reason.
 * The server's refusals (in the future, out of order, overlapping another entry of the technician) are shown here.
 */
export function CorrectEntryDialog({ entry, onSubmit, isStale, onStale, onClose }: Props) {
  const startId = useId();
  const endId = useId();
  const reasonId = useId();
  const timeHintId = useId();
  const reasonHintId = useId();
  const reasonErrorId = useId();
  const errorId = useId();
  const [start, setStart] = useState(() => localInputOf(entry.startedAt));
  const [end, setEnd] = useState(() => localInputOf(entry.endedAt));
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    const reasonProblem = trimmed === '' ? t.reasonRequired : trimmed.length < REASON_MIN ? t.reasonShort : trimmed.length > REASON_MAX ? t.reasonLong : null;
    const startedAt = instantOfLocalInput(start);
    const endedAt = instantOfLocalInput(end);
    const timeProblem = !startedAt || !endedAt ? t.timeRequired : Date.parse(endedAt) <= Date.parse(startedAt) ? t.order : null;
    setReasonError(reasonProblem);
    setError(timeProblem);
    if (reasonProblem && !timeProblem) reasonField.current?.focus();
    if (reasonProblem || timeProblem || !startedAt || !endedAt) return;
    setBusy(true);
    try {
      await onSubmit({ startedAt, endedAt, reason: trimmed });
    } catch (failure) {
      if (isStale(failure)) {
        onStale(failure);
        return;
      }
      const fields = fieldErrorsOf(failure);
      if (fields.reason) {
        setReasonError(fields.reason);
        reasonField.current?.focus();
      }
      setError(messageOf(failure, shiftsText.actionFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      title={t.title(entry.technicianName, entry.serviceOrderCode)}
      description={
        <>
          <p className={styles.muted}>{t.current(formatVietnamDateTime(entry.startedAt), formatVietnamDateTime(entry.endedAt))}</p>
          {entry.editedBy && <p className={styles.muted}>{t.previousEdit(entry.editedBy.fullName, entry.editReason)}</p>}
        </>
      }
      onClose={onClose}
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.times}>
          <div className={styles.field}>
            <label htmlFor={startId}>{t.start}</label>
            <input id={startId} type="datetime-local" className={styles.input} value={start} required aria-describedby={timeHintId} onChange={(event) => setStart(event.target.value)} />
          </div>
          <div className={styles.field}>
            <label htmlFor={endId}>{t.end}</label>
            <input id={endId} type="datetime-local" className={styles.input} value={end} required aria-describedby={timeHintId} onChange={(event) => setEnd(event.target.value)} />
          </div>
        </div>
        <p id={timeHintId} className={styles.hint}>
          {t.timeHint}
        </p>
        <div className={styles.field}>
          <label htmlFor={reasonId}>{t.reason}</label>
          <textarea
            id={reasonId}
            ref={reasonField}
            className={styles.textarea}
            value={reason}
            required
            maxLength={REASON_MAX}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonHintId} ${reasonErrorId}` : reasonHintId}
            onChange={(event) => setReason(event.target.value)}
          />
          <p id={reasonHintId} className={styles.hint}>
            {t.reasonHint}
          </p>
          {reasonError && (
            <p id={reasonErrorId} className={styles.fieldError}>
              {reasonError}
            </p>
          )}
        </div>
        <DialogFooter error={error} errorId={errorId} busy={busy} labels={t} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
