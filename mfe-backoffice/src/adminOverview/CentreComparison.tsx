import { useCallback, useEffect, useId, useState } from 'react';
// Types only: zod never ships in the back office's chunks.
import type { CentreKpis, ServiceCentre } from 'shared-contracts/schemas';
import { LoadFailed, Loading } from '../components/LoadStatus';
import { messageOf } from '../frontDesk/apiRead';
import { kpiApi, type KpiRange } from '../kpis/kpiApi';
import { formatCount, formatDecimal, formatMoney } from '../kpis/kpiFormat';
import { displayDate } from '../kpis/kpiText';
import { reportsApi } from '../reports/reportsApi';
import { adminOverviewText } from './adminOverviewText';
import styles from './AdminOverview.module.css';

const t = adminOverviewText.comparison;

interface Loaded {
  rows: { centre: ServiceCentre; kpis: CentreKpis }[];
  all: CentreKpis;
}

const COLUMNS: { label: string; value: (k: CentreKpis) => string }[] = [
  { label: t.columns.vehiclesIn, value: (k) => formatCount(k.vehiclesIn) },
  { label: t.columns.carCount, value: (k) => formatCount(k.carCount) },
  { label: t.columns.revenue, value: (k) => formatMoney(k.revenue.total) },
  { label: t.columns.aro, value: (k) => formatMoney(k.aro) },
  { label: t.columns.efficiency, value: (k) => formatDecimal(k.efficiencyPct) },
  { label: t.columns.bay, value: (k) => formatDecimal(k.bayUtilisationPct) },
  { label: t.columns.cancellation, value: (k) => formatDecimal(k.cancellationRatePct) },
  { label: t.columns.noShow, value: (k) => formatDecimal(k.noShowRatePct) },
];

/**
 * /admin's per-centre comparison (spec §7 A1): one row per centre over the range (the KPIs of §8, '—' where a
 * ratio has nothing to divide by), the all-centres figures as the last row, and the web shop's revenue, which
 * belongs to no centre.
 */
export function CentreComparison({ range }: { range: KpiRange }) {
  const headingId = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { from, to } = range;

  const load = useCallback(
    async (signal: AbortSignal) => {
      setFailed(null);
      setLoaded(null);
      try {
        const centres = await reportsApi.centres(signal);
        const [all, ...perCentre] = await Promise.all([
          kpiApi.centre({ from, to }, undefined, signal),
          ...centres.map((centre) => kpiApi.centre({ from, to }, centre.id, signal)),
        ]);
        if (!signal.aborted) setLoaded({ all: all!, rows: centres.map((centre, index) => ({ centre, kpis: perCentre[index]! })) });
      } catch (error) {
        if (!signal.aborted) setFailed(messageOf(error, t.loadFailed));
      }
    },
    [from, to],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, attempt]);

  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={!loaded && !failed}>
      <h2 id={headingId}>{t.heading}</h2>
      {failed ? (
        <LoadFailed message={failed} retryLabel={t.reload} onRetry={() => setAttempt((n) => n + 1)} />
      ) : !loaded ? (
        <Loading text={t.loading} />
      ) : (
        <>
          <p className={styles.shop}>{t.shopRevenue(formatMoney(loaded.all.shopRevenue.total), formatCount(loaded.all.shopRevenue.orders))}</p>
          {loaded.rows.length === 0 ? (
            <p className={styles.muted}>{t.empty}</p>
          ) : (
            <div className={styles.tableWrap} role="region" aria-label={t.scrollLabel} tabIndex={0}>
              <table className={styles.table}>
                <caption>{t.caption(displayDate(from), displayDate(to))}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.centre}</th>
                    {COLUMNS.map((column) => (
                      <th key={column.label} scope="col">
                        {column.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {loaded.rows.map(({ centre, kpis }) => (
                    <tr key={centre.id}>
                      <th scope="row">{centre.name}</th>
                      {COLUMNS.map((column) => (
                        <td key={column.label}>{column.value(kpis)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t.total}</th>
                    {COLUMNS.map((column) => (
                      <td key={column.label}>{column.value(loaded.all)}</td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
