import { useCallback, useState } from 'react';
import { latestOf, useAsync } from '../hooks/useAsync';
import { lastDays } from '../kpis';
import { PeriodForm } from './PeriodForm';
import { RatingCsvLink } from './RatingCsvLink';
import { CentreComparisonTable } from './ratingTables';
import { serviceRatingsApi, type RatingScope } from './serviceRatingsApi';
import { serviceRatingsText } from './serviceRatingsText';
import styles from './ServiceRatings.module.css';

const t = serviceRatingsText;

/** The admin reports' "So sánh đánh giá giữa các trung tâm": every centre, best average first, with its CSV. */
export function CentreRatingComparison() {
  const [scope, setScope] = useState<RatingScope>(() => lastDays(Date.now(), 30));
  const read = useCallback((signal: AbortSignal) => serviceRatingsApi.kpis(scope, signal), [scope]);
  const { state, reload } = useAsync(read, { failedText: t.kpis.loadFailed, start: 'keep' });
  const loaded = latestOf(state);
  return (
    <section className={styles.section} aria-labelledby="rating-comparison-heading">
      <div className={styles.headingRow}>
        <h2 id="rating-comparison-heading">{t.comparison.heading}</h2>
        <RatingCsvLink scope={scope} />
      </div>
      <PeriodForm applied={scope} onApply={setScope} label={t.comparison.heading} words={t.comparison.period} />
      {loaded.status === 'loading' && <p className={styles.muted}>{t.kpis.loading}</p>}
      {loaded.status === 'failed' && (
        <p role="alert" className={styles.alert}>
          {loaded.message}{' '}
          <button type="button" className={styles.secondary} onClick={() => reload('fresh')}>
            {t.retry}
          </button>
        </p>
      )}
      {loaded.status === 'ready' && <CentreComparisonTable kpis={loaded.data} />}
    </section>
  );
}
