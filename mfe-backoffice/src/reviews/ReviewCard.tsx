import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from 'shared-contracts';
import { REVIEW_REPLY_TEXT_MAX, REVIEW_REPORT_REASON_LABELS } from 'shared-contracts/reviews';
import type { AdminProductReview } from 'shared-contracts/schemas';
import { fieldErrorsOf, messageOf } from '../api/apiErrors';
import { Stars } from './Stars';
import { reviewsText as t } from './reviewsText';
import styles from './Reviews.module.css';

interface Props {
  review: AdminProductReview;
  /** Saves the shop's reply; a refusal is thrown and shown under the field. */
  onReply: (text: string) => Promise<void>;
  onHide: () => void;
  onUnhide: () => void;
  busy: boolean;
}

/** The shop's one public reply: "Trả lời" opens the field (prefilled when editing), "Lưu trả lời" saves it. */
function ReplyForm({ initial, onSave, onCancel }: { initial: string; onSave: (text: string) => Promise<void>; onCancel: () => void }) {
  const ids = { text: useId(), error: useId() };
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t.replyRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(text.trim());
    } catch (failure) {
      setError(fieldErrorsOf(failure).text ?? messageOf(failure, t.actionFailed));
      setBusy(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={ids.text} className={styles.fieldLabel}>
        {t.replyLabel}
      </label>
      <textarea
        id={ids.text}
        className={styles.textarea}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={REVIEW_REPLY_TEXT_MAX}
        rows={4}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the field the admin just asked for
        autoFocus
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
          {busy ? t.saving : t.saveReply}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}

/**
 * One review as the admin moderates it: product (linked to its page), stars, the text as plain text, photos,
 * author and email, order code, date, reports with their reasons, the shop's reply; then Trả lời, Ẩn / Hiện lại.
 */
export function ReviewCard({ review, onReply, onHide, onUnhide, busy }: Props) {
  const [replying, setReplying] = useState(false);
  const headingId = useId();
  const save = async (text: string) => {
    await onReply(text);
    setReplying(false);
  };
  return (
    <li className={styles.card} data-hidden={review.hidden ? 'true' : undefined} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h3 id={headingId}>
          <Link className={styles.link} to={`/products/${encodeURIComponent(review.productSlug)}`}>
            {review.productName}
          </Link>
        </h3>
        <Stars value={review.rating} label={t.starsLabel(review.rating)} />
      </div>
      <p className={styles.meta}>
        <span>
          {review.authorName} · {review.authorEmail}
        </span>
        <span>
          {t.order} {review.orderCode}
        </span>
        <span>
          {t.writtenAt} <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          {review.editedAt && ` (${t.edited})`}
        </span>
        <span>{t.helpful(review.helpfulCount)}</span>
      </p>
      {review.hidden && (
        <p className={styles.meta}>
          <span className={styles.badge}>{t.hiddenBadge}</span>
          {review.hiddenReason && <span>{t.hiddenBecause(review.hiddenReason)}</span>}
          {review.hiddenAt && (
            <span>
              {t.hiddenAt} <time dateTime={review.hiddenAt}>{formatDate(review.hiddenAt)}</time>
            </span>
          )}
        </p>
      )}
      {review.text ? <p className={styles.text}>{review.text}</p> : <p className={styles.muted}>{t.noText}</p>}
      {review.photos.length > 0 && (
        <ul className={styles.photos} aria-label={t.photos}>
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noopener noreferrer">
                <img src={photo.url} alt={t.photo(index + 1)} width={72} height={72} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reportCount > 0 && (
        <details>
          <summary>
            <span className={styles.badge}>{t.reports(review.reportCount)}</span>
          </summary>
          <ul aria-label={t.reportsHeading}>
            {review.reports.map((report, index) => (
              <li key={index}>
                {REVIEW_REPORT_REASON_LABELS[report.reason]}
                {report.note && ` – ${report.note}`} · <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
              </li>
            ))}
          </ul>
        </details>
      )}
      {review.reply && !replying && (
        <div className={styles.reply}>
          <p className={styles.fieldLabel}>{t.replyHeading}</p>
          <p>{review.reply.text}</p>
          <p className={styles.muted}>
            {t.repliedAt} <time dateTime={review.reply.updatedAt}>{formatDate(review.reply.updatedAt)}</time>
          </p>
        </div>
      )}
      {replying ? (
        <ReplyForm initial={review.reply?.text ?? ''} onSave={save} onCancel={() => setReplying(false)} />
      ) : (
        <div className={styles.buttons}>
          <button type="button" className={styles.primary} disabled={busy} onClick={() => setReplying(true)}>
            {review.reply ? t.editReply : t.reply}
          </button>
          {review.hidden ? (
            <button type="button" className={styles.secondary} disabled={busy} onClick={onUnhide}>
              {t.unhide}
            </button>
          ) : (
            <button type="button" className={styles.danger} disabled={busy} onClick={onHide}>
              {t.hide}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
