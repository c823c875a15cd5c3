import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from 'shared-contracts';
import type { ReviewableLine } from 'shared-contracts/schemas';
import { ReviewForm } from './ReviewForm';
import { reviewsApi } from './reviewsApi';
import { reviewsText as t } from './reviewsText';
import formStyles from '../forms/Form.module.css';
import styles from './Reviews.module.css';

/** How many lines waiting for a review the dashboard lists. */
export const PENDING_REVIEWS_SHOWN = 3;

/** The dashboard's reviewable lines; null (the block left out) when they cannot be read. */
export function loadPendingReviews(signal: AbortSignal): Promise<ReviewableLine[] | null> {
  return reviewsApi.reviewable(signal).catch(() => null);
}

/**
 * The dashboard's "Chờ đánh giá": up to three received lines without a review, each with "Đánh giá" opening the
 * review form in place. Left out when there is none (and no thanks to show).
 */
export function PendingReviewsCard({ lines }: { lines: ReviewableLine[] | null }) {
  const [reviewed, setReviewed] = useState<ReadonlySet<number>>(new Set());
  const [openId, setOpenId] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // written while a photo was refused: the line leaves the list when its form closes
  const [written, setWritten] = useState<ReadonlySet<number>>(new Set());

  const waiting = (lines ?? []).filter((line) => line.review === null && !reviewed.has(line.orderLineId)).slice(0, PENDING_REVIEWS_SHOWN);
  if (waiting.length === 0 && message === null) return null;

  const markReviewed = (line: ReviewableLine) => setReviewed((current) => new Set([...current, line.orderLineId]));
  return (
    <section className={styles.card} aria-labelledby="dashboard-pending-reviews">
      <h2 id="dashboard-pending-reviews" className={styles.cardTitle}>
        {t.pendingHeading}
      </h2>
      <p role="status" className={styles.thanks}>
        {message}
      </p>
      {waiting.length > 0 && <p className={styles.muted}>{t.pendingLead}</p>}
      <ul className={styles.items}>
        {waiting.map((line) => (
          <li key={line.orderLineId} className={styles.item}>
            <div className={styles.itemHead}>
              {line.image ? <img src={line.image} alt="" width={56} height={42} loading="lazy" className={styles.thumb} /> : <span className={styles.thumb} aria-hidden="true" />}
              <div>
                <Link to={`/products/${encodeURIComponent(line.productSlug)}`} className={styles.itemTitle}>
                  {line.productName}
                </Link>
                <p className={styles.muted}>
                  {t.order(line.orderCode)} · {t.receivedOn(formatDate(line.receivedAt))}
                </p>
              </div>
              {openId !== line.orderLineId && (
                <button
                  type="button"
                  className={formStyles.secondary}
                  onClick={() => {
                    setMessage(null);
                    setOpenId(line.orderLineId);
                  }}
                >
                  {t.review}
                </button>
              )}
            </div>
            {openId === line.orderLineId && (
              <ReviewForm
                line={line}
                onCancel={() => {
                  if (written.has(line.orderLineId)) markReviewed(line);
                  setOpenId(null);
                }}
                onChanged={(saved) => setWritten((current) => new Set([...current, saved.orderLineId]))}
                onSaved={(saved) => {
                  markReviewed(saved);
                  setOpenId(null);
                  setMessage(t.thanks);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
