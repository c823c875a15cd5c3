import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { latestOf, useAsync } from '../hooks/useAsync';
import { lastDays } from '../kpis';
import { RatingKpiStrip, RatingKpiStripPlaceholder } from './RatingKpiStrip';
import { serviceRatingsApi } from './serviceRatingsApi';
import { serviceRatingsText } from './serviceRatingsText';
import styles from './ServiceRatings.module.css';

const t = serviceRatingsText;

/**
 * The KPI page's "Đánh giá của khách" (manager): the centre's average and 4–5★ share over the last 30 days with
 * the previous period, the follow-ups still open, and a link to the ratings page.
 */
export function CentreRatingSummary() {
  const [scope] = useState(() => lastDays(Date.now(), 30));
  const read = useCallback((signal: AbortSignal) => serviceRatingsApi.kpis(scope, signal), [scope]);
  const { state, reload } = useAsync(read, { failedText: t.kpis.loadFailed });
  const loaded = latestOf(state);
  const kpis = loaded.status === 'ready' ? loaded.data : null;
  const centre = kpis?.centres[0] ?? null;
  return (
    <section className={styles.section} aria-labelledby="rating-summary-heading">
      <div className={styles.headingRow}>
        <h2 id="rating-summary-heading">{t.kpis.summaryHeading}</h2>
        <Link className={styles.link} to="/manager/ratings">
          {t.kpis.seeAll}
        </Link>
      </div>
      <p className={styles.muted}>{t.rangeOf(scope.from, scope.to)}</p>
      {loaded.status === 'loading' && (
        <>
          <p className={styles.visuallyHidden} aria-live="polite">
            {t.kpis.loading}
          </p>
          <RatingKpiStripPlaceholder />
        </>
      )}
      {loaded.status === 'failed' && (
        <p role="alert" className={styles.alert}>
          {loaded.message}{' '}
          <button type="button" className={styles.secondary} onClick={() => reload('fresh')}>
            {t.retry}
          </button>
        </p>
      )}
      {kpis && !centre && <p className={styles.muted}>{t.kpis.noCentre}</p>}
      {kpis && centre && (
        <>
          <RatingKpiStrip centre={centre} kpis={kpis} />
          {centre.openFollowUps > 0 && (
            <p>
              <Link className={styles.link} to="/manager/ratings">
                {t.kpis.openFollowUps(centre.openFollowUps)}
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
