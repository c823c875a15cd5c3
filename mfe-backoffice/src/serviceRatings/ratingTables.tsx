import type { CentreRatingKpi, RatingFigures, RatingKpis } from 'shared-contracts/schemas';
import { ScrollRegion } from '../components/ScrollRegion';
import { formatCount } from '../kpis';
import { formatAverage, formatShare, serviceRatingsText } from './serviceRatingsText';
import styles from './ServiceRatings.module.css';

const previousOf = (figures: RatingFigures) => `${formatAverage(figures.average)} · ${formatShare(figures.positivePct)}`;

/** Best first: the higher average, then the higher share of 4–5★, then the name; a centre without ratings last. */
export function byAverage(a: CentreRatingKpi, b: CentreRatingKpi): number {
  const score = (value: number | null) => (value === null ? -1 : value);
  return score(b.average) - score(a.average) || score(b.positivePct) - score(a.positivePct) || a.centreName.localeCompare(b.centreName, 'vi');
}

/** Per technician: count, average, 4–5★ share and the previous period's figures. */
export function TechnicianRatingsTable({ kpis }: { kpis: RatingKpis }) {
  const t = serviceRatingsText.technicians;
  if (kpis.technicians.length === 0) return <p className={styles.muted}>{t.empty}</p>;
  return (
    <ScrollRegion className={styles.tableWrap} label={t.heading}>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>{t.heading}</caption>
        <thead>
          <tr>
            <th scope="col">{t.name}</th>
            <th scope="col" className={styles.numeric}>{t.count}</th>
            <th scope="col" className={styles.numeric}>{t.average}</th>
            <th scope="col" className={styles.numeric}>{t.share}</th>
            <th scope="col" className={styles.numeric}>{t.previous}</th>
          </tr>
        </thead>
        <tbody>
          {kpis.technicians.map((row) => (
            <tr key={row.technicianId}>
              <th scope="row">{row.fullName}</th>
              <td className={styles.numeric}>{formatCount(row.count)}</td>
              <td className={styles.numeric}>{formatAverage(row.average)}</td>
              <td className={styles.numeric}>{formatShare(row.positivePct)}</td>
              <td className={styles.numeric}>{previousOf(row.previous)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The centres side by side, best average first, with the previous period and the follow-ups still open. */
export function CentreComparisonTable({ kpis }: { kpis: RatingKpis }) {
  const t = serviceRatingsText.comparison;
  if (kpis.centres.length === 0) return <p className={styles.muted}>{t.empty}</p>;
  const rows = [...kpis.centres].sort(byAverage);
  return (
    <ScrollRegion className={styles.tableWrap} label={t.scrollLabel}>
      <table className={styles.table}>
        <caption>{t.caption(kpis.from, kpis.to)}</caption>
        <thead>
          <tr>
            <th scope="col">{t.centre}</th>
            <th scope="col" className={styles.numeric}>{t.count}</th>
            <th scope="col" className={styles.numeric}>{t.average}</th>
            <th scope="col" className={styles.numeric}>{t.share}</th>
            <th scope="col" className={styles.numeric}>{t.previous}</th>
            <th scope="col" className={styles.numeric}>{t.openFollowUps}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.centreId}>
              <th scope="row">{row.centreName}</th>
              <td className={styles.numeric}>{formatCount(row.count)}</td>
              <td className={styles.numeric}>{formatAverage(row.average)}</td>
              <td className={styles.numeric}>{formatShare(row.positivePct)}</td>
              <td className={styles.numeric}>{previousOf(row.previous)}</td>
              <td className={styles.numeric}>{formatCount(row.openFollowUps)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
