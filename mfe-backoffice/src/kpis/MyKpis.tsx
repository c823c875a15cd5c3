import { useEffect, useState } from 'react';
// Types only: zod never ships in the back office's chunks.
import type { MyKpis as MyKpisAnswer } from 'shared-contracts/schemas';
import { messageOf } from '../frontDesk/apiRead';
import { kpiApi } from './kpiApi';
import { formatCount, formatDecimal, formatHours, lastDays, thisWeek } from './kpiFormat';
import { kpiText } from './kpiText';
import { KpiTile } from './KpiTile';
import styles from './Kpis.module.css';

const t = kpiText.mine;

/**
 * A technician's own KPIs from the KPI service (spec T1): clocked hours, orders done and efficiency (standard
 * minutes ÷ minutes clocked on the orders finished), today and this week (Monday to today).
 */
export function MyKpis() {
  const [answers, setAnswers] = useState<{ today: MyKpisAnswer; week: MyKpisAnswer } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const now = Date.now();
    Promise.all([kpiApi.mine(lastDays(now, 1), controller.signal), kpiApi.mine(thisWeek(now), controller.signal)]).then(
      ([today, week]) => {
        if (!controller.signal.aborted) setAnswers({ today, week });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailed(messageOf(error, kpiText.loadFailed));
      },
    );
    return () => controller.abort();
  }, []);

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
