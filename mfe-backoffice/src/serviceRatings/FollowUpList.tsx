import { useCallback, useState } from 'react';
import { isConflict, messageOf } from '../api/apiErrors';
import { latestOf, useAsync } from '../hooks/useAsync';
import { FollowUpCard } from './FollowUpCard';
import { serviceRatingsApi } from './serviceRatingsApi';
import { serviceRatingsText } from './serviceRatingsText';
import styles from './ServiceRatings.module.css';

const t = serviceRatingsText.followUps;

interface Props {
  centreId?: number;
  /** Raised by the page when something else changed the ratings: the list is read again. */
  revision: number;
  /** Told after a note or a close, so the page's figures follow. */
  onChanged: () => void;
}

/**
 * The customers to call back after a low rating, open ones first (the server's order): each with its notes, a
 * note form and "Đóng". Every action reloads the list; a 409 (closed meanwhile by someone else) is explained and the
 * list read again.
 */
export function FollowUpList({ centreId, revision, onChanged }: Props) {
  const [ownRevision, setOwnRevision] = useState(0);
  const [notice, setNotice] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const reload = useCallback(() => setOwnRevision((value) => value + 1), []);
  const read = useCallback((signal: AbortSignal) => serviceRatingsApi.followUps({ centreId }, signal), [centreId]);
  const listing = latestOf(useAsync(read, { failedText: t.loadFailed, start: 'keep', reloadKey: `${revision}-${ownRevision}` }).state);
  const data = listing.status === 'ready' ? listing.data : null;

  /** Runs an action: done → announce and reload; 409 → explain and reload (the form closes); else the form shows it. */
  const act = async (work: () => Promise<unknown>, success: string) => {
    setNotice(null);
    try {
      await work();
      setNotice({ kind: 'done', text: success });
      reload();
      onChanged();
    } catch (error) {
      if (!isConflict(error)) throw error;
      setNotice({ kind: 'failed', text: `${messageOf(error, t.failed)} ${t.reloaded}` });
      reload();
    }
  };

  return (
    <section className={styles.section} aria-labelledby="follow-ups-heading">
      <h2 id="follow-ups-heading">{data ? t.headingCount(data.openCount) : t.heading}</h2>
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
        <ul className={styles.list} aria-label={t.heading}>
          {data.items.map((followUp) => (
            <FollowUpCard
              key={followUp.id}
              followUp={followUp}
              onNote={(text) => act(() => serviceRatingsApi.addNote(followUp.id, text), t.noteSaved)}
              onClose={(outcome) => act(() => serviceRatingsApi.close(followUp.id, outcome), t.closed)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
