import { useRef, useState } from 'react';
import { formatDate } from 'shared-contracts';
import type { ReviewableLine } from 'shared-contracts/schemas';
import { failureMessage } from '../api/apiErrors';
import { Stars } from '../ratingStars';
import { ReviewForm } from './ReviewForm';
import { isEditable, reviewsApi, withReview } from './reviewsApi';
import { reviewsText as t } from './reviewsText';
import type { OrderReviews } from './useOrderReviews';
import formStyles from '../forms/Form.module.css';
import styles from './Reviews.module.css';

type Mode = { kind: 'idle' } | { kind: 'form' } | { kind: 'confirm' } | { kind: 'removing' } | { kind: 'removeFailed'; message: string };

/**
 * Under an order line once the order is received: "Viết đánh giá", or the stars given with "Sửa đánh giá" and
 * "Xóa đánh giá" while the review is editable (after that, only the stars).
 */
export function OrderLineReview({ reviews, productId }: { reviews: OrderReviews; productId: number }) {
  const line = reviews.lines?.find((entry) => entry.productId === productId);
  if (!line) return null;
  return <LineReview line={line} onChange={reviews.replace} />;
}

function LineReview({ line, onChange }: { line: ReviewableLine; onChange: (line: ReviewableLine) => void }) {
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [message, setMessage] = useState<string | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const editable = isEditable(line);

  const close = () => {
    setMode({ kind: 'idle' });
    // back to the button that opened the form, for a keyboard user
    setTimeout(() => triggerRef.current?.focus(), 0);
  };

  const open = (next: Mode) => {
    setMessage(null);
    setMode(next);
  };

  const remove = async () => {
    if (!line.review) return;
    setMode({ kind: 'removing' });
    try {
      await reviewsApi.remove(line.review.id);
      onChange(withReview(line, null));
      setMode({ kind: 'idle' });
      setMessage(t.removed);
    } catch (error) {
      setMode({ kind: 'removeFailed', message: failureMessage(error, t.removeFailed) });
    }
  };

  return (
    <div className={styles.lineReview} data-testid="line-review">
      {mode.kind === 'form' ? (
        <ReviewForm
          line={line}
          onCancel={close}
          onChanged={onChange}
          onSaved={(saved, text) => {
            onChange(saved);
            setMessage(text);
            close();
          }}
        />
      ) : (
        <div className={styles.lineActions}>
          {line.review === null ? (
            <button ref={triggerRef} type="button" className={formStyles.secondary} onClick={() => open({ kind: 'form' })}>
              {t.write}
            </button>
          ) : (
            <>
              <Stars value={line.review.rating} />
              {editable && mode.kind === 'idle' && (
                <>
                  <button ref={triggerRef} type="button" className={formStyles.secondary} onClick={() => open({ kind: 'form' })}>
                    {t.edit}
                  </button>
                  <button type="button" className={styles.linkDanger} onClick={() => open({ kind: 'confirm' })}>
                    {t.remove}
                  </button>
                  {line.editableUntil && <span className={styles.muted}>{t.editableUntil(formatDate(line.editableUntil))}</span>}
                </>
              )}
            </>
          )}
        </div>
      )}
      {(mode.kind === 'confirm' || mode.kind === 'removing' || mode.kind === 'removeFailed') && (
        <div role="group" aria-label={t.remove} className={styles.confirm}>
          <p>{t.confirmRemove}</p>
          {mode.kind === 'removeFailed' && (
            <p role="alert" className={formStyles.fieldError}>
              {mode.message}
            </p>
          )}
          <div className={formStyles.actions}>
            <button type="button" className={styles.danger} disabled={mode.kind === 'removing'} onClick={() => void remove()}>
              {mode.kind === 'removing' ? t.removing : t.confirmRemoveYes}
            </button>
            <button type="button" className={formStyles.secondary} disabled={mode.kind === 'removing'} onClick={close}>
              {t.keep}
            </button>
          </div>
        </div>
      )}
      <p role="status" className={styles.thanks}>
        {message}
      </p>
    </div>
  );
}
