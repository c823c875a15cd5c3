import type { KpiChange } from './kpiChange';
import { NO_VALUE } from './kpiFormat';
import styles from './Kpis.module.css';

export interface KpiTileProps {
  label: string;
  /** Already formatted; '—' for a null figure (a zero denominator). */
  value: string;
  unit: string;
  /** What the figure is, shown on hover and read by screen readers. */
  hint: string;
  /** Its change since the previous period (none without one). */
  change?: KpiChange | null;
}

const TONES = { good: styles.changeGood, bad: styles.changeBad, neutral: styles.changeSame } as const;

/** One KPI: label, value and unit, with its definition as the tile's title, and ▲/▼ since the previous period. */
export function KpiTile({ label, value, unit, hint, change }: KpiTileProps) {
  const empty = value === NO_VALUE;
  return (
    <div className={styles.tile} role="group" aria-label={label} title={hint}>
      <p className={styles.label}>{label}</p>
      <p className={styles.value}>
        {value}
        {!empty && <span className={styles.unit}>{unit}</span>}
      </p>
      {change && (
        <p className={`${styles.change} ${TONES[change.tone]}`} data-direction={change.direction}>
          <span aria-hidden="true">{change.text}</span>
          <span className={styles.visuallyHidden}>{change.label}</span>
        </p>
      )}
    </div>
  );
}
