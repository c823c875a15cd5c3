import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  REVIEW_MODERATION_REASON_MAX,
  REVIEW_REPORT_REASON_LABELS,
  REVIEW_REPORT_REASONS,
  type ReviewReportReason,
} from 'shared-contracts/reviews';
import { ApiError } from 'shared-contracts';
import { reviewsApi } from './reviewsApi';
import { reviewsText as t } from './reviewsText';
import styles from './Reviews.module.css';

interface Props {
  reviewId: number;
  onClose: () => void;
  onSent: () => void;
}

/** "Báo cáo": the reasons as radios and an optional note, sent as POST /api/reviews/:id/reports. */
export function ReportDialog({ reviewId, onClose, onSent }: Props) {
  const [reason, setReason] = useState<ReviewReportReason | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const firstRadio = useRef<HTMLInputElement>(null);

  useEffect(() => firstRadio.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(t.reportChooseReason);
      return;
    }
    setSending(true);
    setError(null);
    const trimmed = note.trim();
    reviewsApi.report(reviewId, trimmed ? { reason, note: trimmed } : { reason }).then(onSent, (failure: unknown) => {
      setSending(false);
      if (failure instanceof ApiError && failure.status === 401) setError(t.loginToReport);
      else setError(failure instanceof ApiError && failure.message ? failure.message : t.reportFailed);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      // focus stays inside the modal: from the last button back to the reasons, and from the reasons (Shift) to it
      const buttons = event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)');
      const last = buttons[buttons.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && active instanceof HTMLInputElement && active.type === 'radio') {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        const checked = event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]:checked');
        (checked ?? firstRadio.current)?.focus();
      }
    }
  };

  return (
    <div className={styles.backdrop}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the modal's own Escape and Tab keys */}
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <h3 id={titleId} className={styles.dialogTitle}>
          {t.reportTitle}
        </h3>
        <form onSubmit={submit} noValidate>
          <fieldset className={styles.reasons}>
            <legend>{t.reportReason}</legend>
            {REVIEW_REPORT_REASONS.map((value, index) => (
              <label key={value} className={styles.reason}>
                <input
                  ref={index === 0 ? firstRadio : undefined}
                  type="radio"
                  name={`report-reason-${reviewId}`}
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {REVIEW_REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <label className={styles.note}>
            <span>{t.reportNote}</span>
            <textarea value={note} maxLength={REVIEW_MODERATION_REASON_MAX} rows={3} onChange={(event) => setNote(event.target.value)} />
          </label>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.dialogActions}>
            <button type="button" className={styles.secondary} onClick={onClose}>
              {t.reportCancel}
            </button>
            <button type="submit" className={styles.primary} disabled={sending}>
              {sending ? t.reportSending : t.reportSend}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
