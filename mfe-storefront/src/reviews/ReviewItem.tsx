import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ApiError, formatDate, sessionStore } from 'shared-contracts';
import type { ProductReview } from 'shared-contracts/schemas';
import { loginLinkFor } from './loginLink';
import { ReportDialog } from './ReportDialog';
import { ReviewPhotos } from './ReviewPhotos';
import { reviewsApi } from './reviewsApi';
import { reviewsText as t } from './reviewsText';
import { Stars } from './Stars';
import styles from './Reviews.module.css';

interface Props {
  review: ProductReview;
  /** the review's new vote count and the viewer's vote */
  onChange: (change: Partial<ProductReview>) => void;
}

/** What the review's actions say below it: a login prompt, a refusal or the report's thanks. */
type Notice = { kind: 'login'; text: string } | { kind: 'error'; text: string } | { kind: 'done'; text: string };

/**
 * One review: author, "Đã mua hàng", stars, date, its text (plain text, line breaks kept), photos, the shop's reply,
 * the "Hữu ích" toggle and "Báo cáo". A guest is asked to log in before voting or reporting.
 */
export function ReviewItem({ review, onChange }: Props) {
  const location = useLocation();
  const [voting, setVoting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const reportButton = useRef<HTMLButtonElement>(null);
  const loggedIn = () => sessionStore.token !== null;

  const toggleHelpful = () => {
    if (!loggedIn()) {
      setNotice({ kind: 'login', text: t.loginToVote });
      return;
    }
    setVoting(true);
    setNotice(null);
    const request = review.votedHelpful ? reviewsApi.unvoteHelpful(review.id) : reviewsApi.voteHelpful(review.id);
    request.then(
      (answer) => {
        setVoting(false);
        onChange({ helpfulCount: answer.helpfulCount, votedHelpful: answer.votedHelpful });
      },
      (error: unknown) => {
        setVoting(false);
        if (error instanceof ApiError && error.status === 401) setNotice({ kind: 'login', text: t.loginToVote });
        else setNotice({ kind: 'error', text: error instanceof ApiError && error.message ? error.message : t.helpfulFailed });
      },
    );
  };

  const openReport = () => {
    if (!loggedIn()) {
      setNotice({ kind: 'login', text: t.loginToReport });
      return;
    }
    setNotice(null);
    setReporting(true);
  };
  const closeReport = (sent: boolean) => {
    setReporting(false);
    if (sent) setNotice({ kind: 'done', text: t.reported });
    reportButton.current?.focus();
  };

  return (
    <article className={styles.review} aria-labelledby={`review-${review.id}-author`} data-testid="review">
      <header className={styles.reviewHeader}>
        <span id={`review-${review.id}-author`} className={styles.author}>
          {review.authorName}
        </span>
        {review.verifiedPurchase && <span className={styles.badge}>{t.verified}</span>}
        <Stars value={review.rating} />
        <time dateTime={review.createdAt} className={styles.date}>
          {formatDate(review.createdAt)}
        </time>
        {review.editedAt && <span className={styles.edited}>{t.edited}</span>}
      </header>
      {review.text && <p className={styles.text}>{review.text}</p>}
      <ReviewPhotos photos={review.photos} author={review.authorName} />
      {review.reply && (
        <div className={styles.reply} data-testid="review-reply">
          <p className={styles.replyHeader}>
            <strong>{t.reply}</strong>{' '}
            <time dateTime={review.reply.createdAt} className={styles.date}>
              {formatDate(review.reply.createdAt)}
            </time>
          </p>
          <p className={styles.text}>{review.reply.text}</p>
        </div>
      )}
      <div className={styles.reviewActions}>
        <button
          type="button"
          className={styles.helpful}
          aria-pressed={review.votedHelpful}
          disabled={voting || review.mine}
          onClick={toggleHelpful}
        >
          {t.helpful(review.helpfulCount)}
        </button>
        {!review.mine && (
          <button ref={reportButton} type="button" className={styles.link} onClick={openReport}>
            {t.report}
          </button>
        )}
      </div>
      {notice && (
        <p className={notice.kind === 'done' ? styles.done : styles.notice} role={notice.kind === 'done' ? 'status' : 'alert'}>
          {notice.text}
          {notice.kind === 'login' && (
            <>
              {' '}
              <Link to={loginLinkFor(`${location.pathname}${location.search}`)}>{t.login}</Link>
            </>
          )}
        </p>
      )}
      {reporting && <ReportDialog reviewId={review.id} onClose={() => closeReport(false)} onSent={() => closeReport(true)} />}
    </article>
  );
}
