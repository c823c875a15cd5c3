import type { CentreRatingKpi, RatingKpis } from 'shared-contracts/schemas';
import { formatCount, formatDecimal, kpiChange, KpiTile } from '../kpis';
import { serviceRatingsText } from './serviceRatingsText';
import styles from './ServiceRatings.module.css';

const t = serviceRatingsText.kpis;

/**
 * A centre's rating over the period: average ('4,6/5'), the share of 4–5★ and the count, each with ▲/▼ against the
 * previous period of the same length.
 */
export function RatingKpiStrip({ centre, kpis }: { centre: CentreRatingKpi; kpis: RatingKpis }) {
  const p = centre.previous;
  const u = t.units;
  const change = (current: number | null, previous: number | null, format: (value: number) => string, unit: string) =>
    kpiChange({ current, previous, format, unit, from: kpis.previousFrom, to: kpis.previousTo });
  return (
    <div className={styles.tiles}>
      <KpiTile label={t.average} value={formatDecimal(centre.average)} unit={u.stars} hint={t.averageHint} change={change(centre.average, p.average, formatDecimal, u.points)} />
      <KpiTile label={t.share} value={formatDecimal(centre.positivePct)} unit={u.percent} hint={t.shareHint} change={change(centre.positivePct, p.positivePct, formatDecimal, u.percentPoints)} />
      <KpiTile label={t.count} value={formatCount(centre.count)} unit={u.ratings} hint={t.countHint} change={change(centre.count, p.count, formatCount, u.ratings)} />
    </div>
  );
}

/** While the figures load: three tiles' worth of room, so that nothing below them moves when they come. */
export function RatingKpiStripPlaceholder() {
  return (
    <div className={styles.tiles} aria-hidden="true" data-testid="rating-kpi-placeholder">
      {[t.average, t.share, t.count].map((label) => (
        <div key={label} className={styles.tilePlaceholder}>
          <p className={styles.muted}>{label}</p>
        </div>
      ))}
    </div>
  );
}
