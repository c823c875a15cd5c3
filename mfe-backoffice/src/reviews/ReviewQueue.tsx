import { useCallback, useId, useState } from 'react';
import { REVIEW_QUEUE_LABELS, REVIEW_QUEUES, type ReviewQueue as Queue } from 'shared-contracts/reviews';
import type { AdminProductReview, AdminReviewQueue } from 'shared-contracts/schemas';
import { isConflict, messageOf } from '../api/apiErrors';
import { latestOf, useAsync } from '../hooks/useAsync';
import { HideReasonDialog } from './HideReasonDialog';
import { ReviewCard } from './ReviewCard';
import { reviewsApi, type ReviewQueueFilters } from './reviewsApi';
import { reviewsText as t } from './reviewsText';
import styles from './Reviews.module.css';

/** The count a queue's tab shows ("Tất cả" has none: the counts are of what needs a look). */
const countOf = (data: AdminReviewQueue | null, queue: Queue): number | null => (data && queue !== 'all' ? data.counts[queue] : null);

/**
 * The admin's product reviews (issue 48 §3): a tab per queue (Bị báo cáo, Chưa trả lời, Đã ẩn, Tất cả) with its
 * count, a star filter, the reviews of the queue with Trả lời, Ẩn (reason required) and Hiện lại; every action
 * reloads the queue and its counts, and a refusal (a 409 included) is explained, then the queue read again.
 */
export function ReviewQueue({ initialProductId }: { initialProductId?: number }) {
  const starsId = useId();
  const [filters, setFilters] = useState<ReviewQueueFilters>({ queue: 'reported', page: 1, productId: initialProductId });
  const [revision, setRevision] = useState(0);
  const [hiding, setHiding] = useState<AdminProductReview | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);

  const reload = useCallback(() => setRevision((value) => value + 1), []);
  const read = useCallback((signal: AbortSignal) => reviewsApi.queue(filters, signal), [filters]);
  const listing = latestOf(useAsync(read, { failedText: t.loadFailed, start: 'keep', reloadKey: revision }).state);
  const data = listing.status === 'ready' ? listing.data : null;

  const done = (text: string) => {
    setNotice({ kind: 'done', text });
    reload();
  };
  const failed = (error: unknown) => {
    setNotice({ kind: 'failed', text: isConflict(error) ? `${messageOf(error, t.actionFailed)} ${t.conflictReloaded}` : messageOf(error, t.actionFailed) });
    if (isConflict(error)) reload();
  };
  /** Reply and hide keep their form open on a refusal (the error is shown there); a 409 also reloads. */
  const throwing = async (work: () => Promise<unknown>, success: string) => {
    setNotice(null);
    try {
      await work();
      done(success);
    } catch (error) {
      if (isConflict(error)) reload();
      throw error;
    }
  };
  const unhide = async (review: AdminProductReview) => {
    setBusyId(review.id);
    setNotice(null);
    try {
      await reviewsApi.unhide(review.id);
      done(t.unhidden);
    } catch (error) {
      failed(error);
    } finally {
      setBusyId(null);
    }
  };

  const select = (queue: Queue) => setFilters((current) => ({ ...current, queue, page: 1 }));

  return (
    <section className={styles.stack} aria-label={t.listLabel}>
      <div className={styles.tabs} role="group" aria-label={t.queues}>
        {REVIEW_QUEUES.map((queue) => {
          const count = countOf(data, queue);
          return (
            <button key={queue} type="button" className={styles.tab} aria-pressed={filters.queue === queue} onClick={() => select(queue)}>
              {REVIEW_QUEUE_LABELS[queue]}
              {count !== null && <span className={styles.count}>{count}</span>}
            </button>
          );
        })}
      </div>
      <div className={styles.filters} role="group" aria-label={t.filters}>
        <div className={styles.field}>
          <label htmlFor={starsId} className={styles.fieldLabel}>
            {t.stars}
          </label>
          <select
            id={starsId}
            className={styles.select}
            value={filters.stars ?? ''}
            onChange={(event) => setFilters((current) => ({ ...current, stars: event.target.value ? Number(event.target.value) : undefined, page: 1 }))}
          >
            <option value="">{t.anyStars}</option>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={stars}>
                {t.starsOption(stars)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p role="status" aria-live="polite" className={notice?.kind === 'failed' ? styles.fieldError : styles.done}>
        {notice?.text ?? ''}
      </p>
      {listing.status === 'loading' && <p className={styles.muted}>{t.loading}</p>}
      {listing.status === 'failed' && (
        <p role="alert" className={styles.alert}>
          {listing.message}{' '}
          <button type="button" className={styles.secondary} onClick={reload}>
            {t.retry}
          </button>
        </p>
      )}
      {data && data.items.length === 0 && <p className={styles.muted}>{t.empty}</p>}
      {data && data.items.length > 0 && (
        <>
          <ul className={styles.list} aria-label={REVIEW_QUEUE_LABELS[filters.queue]}>
            {data.items.map((review) => (
              <ReviewCard
                key={review.id}
                review={review}
                busy={busyId === review.id}
                onReply={(text) => throwing(() => reviewsApi.reply(review.id, text), t.replied)}
                onHide={() => setHiding(review)}
                onUnhide={() => void unhide(review)}
              />
            ))}
          </ul>
          <nav className={styles.pager} aria-label={t.pager}>
            <button type="button" className={styles.secondary} disabled={data.page <= 1} onClick={() => setFilters((current) => ({ ...current, page: data.page - 1 }))}>
              {t.previous}
            </button>
            <span>{t.page(data.page, data.totalPages, data.total)}</span>
            <button
              type="button"
              className={styles.secondary}
              disabled={data.page >= data.totalPages}
              onClick={() => setFilters((current) => ({ ...current, page: data.page + 1 }))}
            >
              {t.next}
            </button>
          </nav>
        </>
      )}
      {hiding && (
        <HideReasonDialog
          title={t.hideTitle}
          description={`${hiding.productName} – ${hiding.authorName}. ${t.hideDescription}`}
          onClose={() => setHiding(null)}
          onHide={async (reason) => {
            await throwing(() => reviewsApi.hide(hiding.id, reason), t.hidden);
            setHiding(null);
          }}
        />
      )}
    </section>
  );
}
