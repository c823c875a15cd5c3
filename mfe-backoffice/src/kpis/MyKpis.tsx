import type { MyKpis as MyKpisAnswer } from 'shared-contracts/schemas';
import { useAsync } from '../hooks/useAsync';
import { kpiApi } from './kpiApi';
import { formatCount, formatDecimal, formatHours, lastDays, thisWeek } from './kpiFormat';
import { kpiText } from './kpiText';
import { KpiTile } from './KpiTile';
import styles from './Kpis.module.css';

const t = kpiText.mine;

/** Today's and this week's KPIs of the signed-in technician. */
async function readMine(signal: AbortSignal): Promise<{ today: MyKpisAnswer; week: MyKpisAnswer }> {
  const now = Date.now();
  const [today, week] = await Promise.all([kpiApi.mine(lastDays(now, 1), signal), kpiApi.mine(thisWeek(now), signal)]);
  return { today, week };
}

/**
 * A technician's own KPIs from the KPI service (spec T1): clocked hours, orders done and efficiency (standard
 * minutes ÷ minutes clocked on the orders finished), today and this week (Monday to today).
 */
export function MyKpis() {
  const { state } = useAsync(readMine, { failedText: kpiText.loadFailed });
  const answers = state.data;
  const failed = state.error;

  return (
    <section className={styles.section} aria-labelledby="my-kpis">
      <h2 id="my-kpis">{t.heading}</h2>
      {failed ? (
        <p className={styles.muted}>{failed}</p>
      ) : !answers ? (
        <p className={styles.muted}>{kpiText.loading}</p>
      ) : (
        [
          { key: 'today', title: t.today, value: answers.today },
          { key: 'week', title: t.week, value: answers.week },
        ].map((period) => (
          <section key={period.key} className={styles.period} aria-labelledby={`my-kpis-${period.key}`}>
            <h3 id={`my-kpis-${period.key}`}>{period.title}</h3>
            <div className={styles.tiles}>
              <KpiTile label={t.clocked} value={formatHours(period.value.clockedMinutes)} unit={kpiText.units.hours} hint={t.clocked} />
              <KpiTile label={t.done} value={formatCount(period.value.ordersDone)} unit="" hint={t.done} />
              <KpiTile label={t.efficiency} value={formatDecimal(period.value.efficiencyPct)} unit={kpiText.units.percent} hint={t.efficiencyHint} />
            </div>
          </section>
        ))
      )}
    </section>
  );
}
