import type { RatingKpis } from 'shared-contracts/schemas';
import { RatingCsvLink } from './RatingCsvLink';
import { RatingKpiStrip, RatingKpiStripPlaceholder } from './RatingKpiStrip';
import { CentreComparisonTable, TechnicianRatingsTable } from './ratingTables';
import type { RatingScope } from './serviceRatingsApi';
import { serviceRatingsText } from './serviceRatingsText';
import styles from './ServiceRatings.module.css';

const t = serviceRatingsText;

interface Props {
  scope: RatingScope;
  state: { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: RatingKpis };
  onRetry: () => void;
}

/**
 * The period's rating KPIs: one centre's strip (average, 4–5★, count with ▲/▼), or the centres side by side when an
 * admin looks at all of them; then per technician; "Tải CSV" of the same query.
 */
export function RatingKpiSection({ scope, state, onRetry }: Props) {
  const kpis = state.status === 'ready' ? state.data : null;
  const single = kpis && kpis.centres.length === 1 ? kpis.centres[0]! : null;
  return (
    <section className={styles.section} aria-labelledby="rating-kpis-heading">
      <div className={styles.headingRow}>
        <h2 id="rating-kpis-heading">{t.kpis.heading}</h2>
        <RatingCsvLink scope={scope} />
      </div>
      {kpis && (
        <p className={styles.muted}>
          {t.rangeOf(kpis.from, kpis.to)} · {t.previousOf(kpis.previousFrom, kpis.previousTo)}
        </p>
      )}
      {state.status === 'loading' && (
        <>
          <p className={styles.visuallyHidden} aria-live="polite">
            {t.kpis.loading}
          </p>
          <RatingKpiStripPlaceholder />
        </>
      )}
      {state.status === 'failed' && (
        <p role="alert" className={styles.alert}>
          {state.message}{' '}
          <button type="button" className={styles.secondary} onClick={onRetry}>
            {t.retry}
          </button>
        </p>
      )}
      {single && <p className={styles.muted}>{single.centreName}</p>}
      {kpis && single && <RatingKpiStrip centre={single} kpis={kpis} />}
      {kpis && !single && kpis.centres.length === 0 && <p className={styles.muted}>{t.kpis.noCentre}</p>}
      {kpis && kpis.centres.length > 1 && <CentreComparisonTable kpis={kpis} />}
      {kpis && (
        <>
          <h3>{t.technicians.heading}</h3>
          <TechnicianRatingsTable kpis={kpis} />
        </>
      )}
    </section>
  );
}
