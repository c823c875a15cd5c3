import { useCallback, useId, useState } from 'react';
import { formatDate } from 'shared-contracts';
import { SERVICE_RATING_FOLLOW_UP_MAX_STARS, SERVICE_RATING_QUESTION_LABELS, SERVICE_RATING_QUESTIONS } from 'shared-contracts/reviews';
import type { StaffServiceRating, TechnicianRatingKpi } from 'shared-contracts/schemas';
import { isConflict, messageOf } from '../api/apiErrors';
import { latestOf, useAsync } from '../hooks/useAsync';
import { HideReasonDialog, Stars } from '../reviews';
import { serviceRatingsApi, type RatingScope } from './serviceRatingsApi';
import { serviceRatingsText } from './serviceRatingsText';
import styles from './ServiceRatings.module.css';

const t = serviceRatingsText.ratings;

interface Props {
  scope: RatingScope;
  technicians: readonly TechnicianRatingKpi[];
  revision: number;
  onChanged: () => void;
}

/** The yes/no answers a customer gave ("Đúng giờ: Có"), the unanswered ones left out. */
function answersOf(rating: StaffServiceRating): string[] {
  return SERVICE_RATING_QUESTIONS.flatMap((question) => (rating[question] === null ? [] : [`${SERVICE_RATING_QUESTION_LABELS[question]}: ${rating[question] ? t.yes : t.no}`]));
}

/**
 * The ratings of the period, newest first, filterable to the low ones (≤ 2★) and by technician, each with "Ẩn"
 * (reason required) or "Hiện lại"; an action reloads the list, a 409 is explained and the list read again.
 */
export function RatingList({ scope, technicians, revision, onChanged }: Props) {
  const ids = { technician: useId() };
  const [lowOnly, setLowOnly] = useState(false);
  const [technicianId, setTechnicianId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [ownRevision, setOwnRevision] = useState(0);
  const [hiding, setHiding] = useState<StaffServiceRating | null>(null);
  const [notice, setNotice] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const reload = useCallback(() => setOwnRevision((value) => value + 1), []);
  const { from, to, centreId } = scope;
  const maxStars = lowOnly ? SERVICE_RATING_FOLLOW_UP_MAX_STARS : undefined;
  const read = useCallback(
    (signal: AbortSignal) => serviceRatingsApi.list({ from, to, centreId, maxStars, technicianId, page }, signal),
    [from, to, centreId, maxStars, technicianId, page],
  );
  const listing = latestOf(useAsync(read, { failedText: t.loadFailed, start: 'keep', reloadKey: `${revision}-${ownRevision}` }).state);
  const data = listing.status === 'ready' ? listing.data : null;

  const after = (text: string) => {
    setNotice({ kind: 'done', text });
    reload();
    onChanged();
  };
  const unhide = async (rating: StaffServiceRating) => {
    setNotice(null);
    try {
      await serviceRatingsApi.unhide(rating.id);
      after(t.unhidden);
    } catch (error) {
      setNotice({ kind: 'failed', text: isConflict(error) ? `${messageOf(error, serviceRatingsText.followUps.failed)} ${serviceRatingsText.followUps.reloaded}` : messageOf(error, serviceRatingsText.followUps.failed) });
      if (isConflict(error)) reload();
    }
  };

  return (
    <section className={styles.section} aria-labelledby="service-ratings-heading">
      <h2 id="service-ratings-heading">{t.heading}</h2>
      <div className={styles.filters} role="group" aria-label={t.filters}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={lowOnly}
            onChange={(event) => {
              setLowOnly(event.target.checked);
              setPage(1);
            }}
          />
          {t.lowOnly}
        </label>
        <div className={styles.field}>
          <label htmlFor={ids.technician} className={styles.fieldLabel}>
            {t.technician}
          </label>
          <select
            id={ids.technician}
            className={styles.select}
            value={technicianId ?? ''}
            onChange={(event) => {
              setTechnicianId(event.target.value ? Number(event.target.value) : undefined);
              setPage(1);
            }}
          >
            <option value="">{t.anyTechnician}</option>
            {technicians.map((technician) => (
              <option key={technician.technicianId} value={technician.technicianId}>
                {technician.fullName}
              </option>
            ))}
          </select>
        </div>
      </div>
      {notice?.kind === 'failed' ? (
        <p role="alert" className={styles.alert}>
          {notice.text}
        </p>
      ) : (
        <p role="status" aria-live="polite" className={styles.done}>
          {notice?.text ?? ''}
        </p>
      )}
      {listing.status === 'loading' && <p className={styles.muted}>{t.loading}</p>}
      {listing.status === 'failed' && (
        <p role="alert" className={styles.alert}>
          {listing.message}{' '}
          <button type="button" className={styles.secondary} onClick={reload}>
            {serviceRatingsText.retry}
          </button>
        </p>
      )}
      {data && data.items.length === 0 && <p className={styles.muted}>{t.empty}</p>}
      {data && data.items.length > 0 && (
        <>
          <ul className={styles.list} aria-label={t.heading}>
            {data.items.map((rating) => (
              <RatingItem key={rating.id} rating={rating} onHide={() => setHiding(rating)} onUnhide={() => void unhide(rating)} />
            ))}
          </ul>
          <nav className={styles.pager} aria-label={t.pager}>
            <button type="button" className={styles.secondary} disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
              {t.previous}
            </button>
            <span>{t.page(data.page, data.totalPages, data.total)}</span>
            <button type="button" className={styles.secondary} disabled={data.page >= data.totalPages} onClick={() => setPage(data.page + 1)}>
              {t.next}
            </button>
          </nav>
        </>
      )}
      {hiding && (
        <HideReasonDialog
          title={t.hideTitle}
          description={`${t.item(hiding.customerName, hiding.serviceOrderCode)}. ${t.hideDescription}`}
          onClose={() => setHiding(null)}
          onHide={async (reason) => {
            setNotice(null);
            try {
              await serviceRatingsApi.hide(hiding.id, reason);
            } catch (error) {
              if (isConflict(error)) reload();
              throw error;
            }
            setHiding(null);
            after(t.hidden);
          }}
        />
      )}
    </section>
  );
}

function RatingItem({ rating, onHide, onUnhide }: { rating: StaffServiceRating; onHide: () => void; onUnhide: () => void }) {
  const headingId = useId();
  const answers = answersOf(rating);
  return (
    <li className={styles.card} data-hidden={rating.hidden ? 'true' : undefined} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h3 id={headingId}>{t.item(rating.customerName, rating.serviceOrderCode)}</h3>
        <Stars value={rating.stars} label={serviceRatingsText.starsLabel(rating.stars)} />
      </div>
      <p className={styles.meta}>
        <time dateTime={rating.createdAt}>{formatDate(rating.createdAt)}</time>
        <span>{rating.centre.name}</span>
        {rating.technician && (
          <span>
            {t.technician}: {rating.technician.fullName}
          </span>
        )}
        {rating.technicianStars !== null && <span>{t.technicianStars(rating.technicianStars)}</span>}
        {answers.map((answer) => (
          <span key={answer}>{answer}</span>
        ))}
      </p>
      {rating.hidden && (
        <p className={styles.meta}>
          <span className={styles.badge}>{t.hiddenBadge}</span>
          {rating.hiddenReason && <span>{t.hiddenBecause(rating.hiddenReason)}</span>}
        </p>
      )}
      {rating.comment && <p className={styles.text}>{rating.comment}</p>}
      <div className={styles.buttons}>
        {rating.hidden ? (
          <button type="button" className={styles.secondary} onClick={onUnhide}>
            {t.unhide}
          </button>
        ) : (
          <button type="button" className={styles.danger} onClick={onHide}>
            {t.hide}
          </button>
        )}
      </div>
    </li>
  );
}
