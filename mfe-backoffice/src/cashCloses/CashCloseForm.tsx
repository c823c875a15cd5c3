import { useId, useState } from 'react';
import { formatVnd } from 'shared-contracts';
import { CASH_CLOSE_COUNTED_MAX, CASH_CLOSE_REASON_MAX } from 'shared-contracts/backoffice';
import type { CashClose, CurrentCashPeriod } from 'shared-contracts/schemas';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { cashClosesApi } from './cashClosesApi';
import { countedDigits, formatCloseInstant, formatCountedInput } from './cashCloseFormat';
import { cashCloseText as t } from './cashCloseText';
import styles from './CashCloses.module.css';

interface Props {
  period: CurrentCashPeriod;
  /** A close was recorded: the page reloads the period and the history. */
  onClosed: (close: CashClose) => void;
  /** The server refused over a changed period (409): the page reloads what it shows. */
  onStale: () => void;
}

/**
 * The clerk's count: the cash counted (grouped as typed, 1.250.000), the difference with the expected total as it is
 * typed, a reason when they differ, and the confirm (Enter in any field submits). The expected total and the period
 * start shown travel with the count, so a close over figures that moved meanwhile is refused (409) and reloaded.
 */
export function CashCloseForm({ period, onClosed, onStale }: Props) {
  const id = useId();
  const [digits, setDigits] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ form: string | null; counted?: string; reason?: string }>({ form: null });
  const [done, setDone] = useState<string | null>(null);

  const counted = digits === '' ? null : Number(digits);
  const difference = counted === null ? null : counted - period.expected;
  const needsReason = difference !== null && difference !== 0;

  const submit = () => {
    setDone(null);
    if (counted === null) return setProblem({ form: null, counted: t.countedRequired });
    if (counted > CASH_CLOSE_COUNTED_MAX) return setProblem({ form: null, counted: t.countedTooLarge });
    if (needsReason && reason.trim() === '') return setProblem({ form: null, reason: t.reasonRequired });
    setBusy(true);
    setProblem({ form: null });
    cashClosesApi
      .close({ counted, reason: needsReason ? reason.trim() : null, expectedSeen: period.expected, periodFrom: period.from })
      .then((close) => {
        setDigits('');
        setReason('');
        setDone(t.closed(formatCloseInstant(close.closedAt)));
        onClosed(close);
      })
      .catch((error: unknown) => {
        const fields = fieldErrorsOf(error);
        setProblem({ form: messageOf(error, t.closeFailed), counted: fields.counted, reason: fields.reason });
        if (isConflict(error)) onStale();
      })
      .finally(() => setBusy(false));
  };

  const differenceText = difference === null ? null : difference === 0 ? t.matches : difference > 0 ? t.surplus(difference) : t.shortfall(-difference);

  return (
    <form
      className={styles.form}
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) submit();
      }}
    >
      <h3 id={`${id}-heading`}>{t.formHeading}</h3>
      <label className={styles.field}>
        <span>{t.counted}</span>
        <input
          className={styles.countInput}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={formatCountedInput(digits)}
          aria-invalid={problem.counted ? true : undefined}
          aria-describedby={`${id}-counted-hint ${id}-difference${problem.counted ? ` ${id}-counted-error` : ''}`}
          onChange={(event) => {
            setDigits(countedDigits(event.target.value));
            setProblem((current) => ({ ...current, counted: undefined }));
          }}
        />
      </label>
      <span id={`${id}-counted-hint`} className={styles.hint}>
        {t.countedHint}
      </span>
      {problem.counted && (
        <span id={`${id}-counted-error`} className={styles.fieldError}>
          {problem.counted}
        </span>
      )}
      <p id={`${id}-difference`} className={needsReason ? styles.differs : styles.matches} aria-live="polite">
        {differenceText}
      </p>
      {needsReason && (
        <>
          <label className={styles.field}>
            <span>{t.reason}</span>
            <input
              className={styles.reasonInput}
              type="text"
              maxLength={CASH_CLOSE_REASON_MAX}
              value={reason}
              required
              aria-invalid={problem.reason ? true : undefined}
              aria-describedby={`${id}-reason-hint${problem.reason ? ` ${id}-reason-error` : ''}`}
              onChange={(event) => {
                setReason(event.target.value);
                setProblem((current) => ({ ...current, reason: undefined }));
              }}
            />
          </label>
          <span id={`${id}-reason-hint`} className={styles.hint}>
            {t.reasonHint(CASH_CLOSE_REASON_MAX)} ({reason.length}/{CASH_CLOSE_REASON_MAX})
          </span>
          {problem.reason && (
            <span id={`${id}-reason-error`} className={styles.fieldError}>
              {problem.reason}
            </span>
          )}
        </>
      )}
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? t.submitting : t.submit}
        {counted !== null && !busy ? ` · ${formatVnd(counted)}` : ''}
      </button>
      {problem.form && (
        <p role="alert" className={styles.error}>
          {problem.form}
        </p>
      )}
      {done && (
        <p role="status" className={styles.done}>
          {done}
        </p>
      )}
    </form>
  );
}
