import { NO_VALUE } from './kpiFormat';
import styles from './Kpis.module.css';

export interface KpiTileProps {
  label: string;
  /** Already formatted; '—' for a null figure (a zero denominator). */
  value: string;
  unit: string;
  /** What the figure is, shown on hover and read by screen readers. */
  hint: string;
}

/** One KPI: label, value and unit, with its definition as the tile's title. */
export function KpiTile({ label, value, unit, hint }: KpiTileProps) {
  const empty = value === NO_VALUE;
  return (
    <div className={styles.tile} role="group" aria-label={label} title={hint}>
      <p className={styles.label}>{label}</p>
      <p className={styles.value}>
        {value}
        {!empty && <span className={styles.unit}>{unit}</span>}
      </p>
    </div>
  );
}
