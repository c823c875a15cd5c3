import { useId, useState, type FormEvent } from 'react';
import { formatDate, formatDateTime } from 'shared-contracts';
import { canMoveFollowUp, FOLLOW_UP_NOTE_MAX, FOLLOW_UP_STATUS_LABELS } from 'shared-contracts/reviews';
import type { ServiceRatingFollowUp } from 'shared-contracts/schemas';
import { fieldErrorsOf, messageOf } from '../api/apiErrors';
import { ModalDialog } from '../components/ModalDialog';
import { Stars } from '../reviews';
import { serviceRatingsText } from './serviceRatingsText';
import styles from './ServiceRatings.module.css';

const t = serviceRatingsText.followUps;

/** A text the server checks (note or outcome): required here too; a refusal is thrown to show under the field. */
function TextForm({ label, required, submitLabel, field, onSubmit, onCancel }: {
  label: string;
  required: string;
  submitLabel: string;
  field: 'text' | 'outcome';
  onSubmit: (text: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const ids = { text: useId(), error: useId() };
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(required);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(text.trim());
      setText('');
    } catch (failure) {
      setError(fieldErrorsOf(failure)[field] ?? messageOf(failure, t.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={ids.text} className={styles.fieldLabel}>
        {label}
      </label>
      <textarea
        id={ids.text}
        className={styles.textarea}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={FOLLOW_UP_NOTE_MAX}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
      />
      {error && (
        <p id={ids.error} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? t.saving : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className={styles.secondary} onClick={onCancel}>
            {t.back}
          </button>
        )}
      </div>
    </form>
  );
}

interface Props {
  followUp: ServiceRatingFollowUp;
  onNote: (text: string) => Promise<void>;
  onClose: (outcome: string) => Promise<void>;
}

/**
 * One customer to call back: name, phone (a tel: link), stars, comment, visit and date, the calls noted so far;
 * "Ghi chú cuộc gọi" (moves Cần gọi lại to Đã liên hệ) and "Đóng" with the outcome, as the machine allows.
 */
export function FollowUpCard({ followUp, onNote, onClose }: Props) {
  const [closing, setClosing] = useState(false);
  const headingId = useId();
  const { rating, status } = followUp;
  const open = canMoveFollowUp(status, 'CLOSED');
  return (
    <li className={styles.card} data-status={status} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h4 id={headingId}>{t.item(rating.customerName, rating.serviceOrderCode)}</h4>
        <span className={styles.badge} data-status={status}>
          {FOLLOW_UP_STATUS_LABELS[status]}
        </span>
      </div>
      <p className={styles.meta}>
        {rating.customerPhone ? (
          <a className={styles.tel} href={`tel:${rating.customerPhone.replace(/[^\d+]/g, '')}`}>
            {t.phone} {rating.customerPhone}
          </a>
        ) : (
          <span>{t.noPhone}</span>
        )}
        <Stars value={rating.stars} label={serviceRatingsText.starsLabel(rating.stars)} />
        <span>
          {t.visit} {rating.serviceOrderCode}
        </span>
        <span>
          {t.ratedAt} <time dateTime={rating.createdAt}>{formatDate(rating.createdAt)}</time>
        </span>
        {rating.technician && (
          <span>
            {t.technician}: {rating.technician.fullName}
          </span>
        )}
      </p>
      {rating.comment ? <p className={styles.text}>{rating.comment}</p> : <p className={styles.muted}>{t.noComment}</p>}
      <details open={followUp.notes.length > 0 && open}>
        <summary>
          {t.notes} ({followUp.notes.length})
        </summary>
        {followUp.notes.length === 0 ? (
          <p className={styles.muted}>{t.noNotes}</p>
        ) : (
          <ol className={styles.notes} aria-label={t.notes}>
            {followUp.notes.map((note, index) => (
              <li key={index}>
                <p>{note.text}</p>
                <p className={styles.muted}>
                  {note.authorName} · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </details>
      {!open && (
        <p className={styles.meta}>
          {followUp.outcome && <span>{t.outcomeIs(followUp.outcome)}</span>}
          <span>
            {t.closedBy(followUp.closedByName)}
            {followUp.closedAt && (
              <>
                {' '}
                · <time dateTime={followUp.closedAt}>{formatDate(followUp.closedAt)}</time>
              </>
            )}
          </span>
        </p>
      )}
      {open && (
        <>
          <TextForm label={t.note} required={t.noteRequired} submitLabel={t.saveNote} field="text" onSubmit={onNote} />
          <div className={styles.buttons}>
            <button type="button" className={styles.secondary} onClick={() => setClosing(true)}>
              {t.close}
            </button>
          </div>
        </>
      )}
      {closing && (
        <ModalDialog title={t.closeTitle} description={t.item(rating.customerName, rating.serviceOrderCode)} onClose={() => setClosing(false)}>
          <TextForm
            label={t.outcome}
            required={t.outcomeRequired}
            submitLabel={t.confirmClose}
            field="outcome"
            onSubmit={async (outcome) => {
              await onClose(outcome);
              setClosing(false);
            }}
            onCancel={() => setClosing(false)}
          />
        </ModalDialog>
      )}
    </li>
  );
}
