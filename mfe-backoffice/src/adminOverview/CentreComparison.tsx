import { useCallback, useId } from 'react';
import type { CentreKpis, ServiceCentre } from 'shared-contracts/schemas';
import { LoadFailed, Loading } from '../components/LoadStatus';
import { ScrollRegion } from '../components/ScrollRegion';
import { useAsync } from '../hooks/useAsync';
import { displayDate, formatCount, formatDecimal, formatMoney, kpiApi, type KpiRange } from '../kpis';
import { reportsApi } from '../reports';
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
  const { from, to } = range;

  const readComparison = useCallback(
    async (signal: AbortSignal): Promise<Loaded> => {
      const centres = await reportsApi.centres(signal);
      const [all, ...perCentre] = await Promise.all([
        kpiApi.centre({ from, to }, undefined, signal),
        ...centres.map((centre) => kpiApi.centre({ from, to }, centre.id, signal)),
      ]);
      return { all: all!, rows: centres.map((centre, index) => ({ centre, kpis: perCentre[index]! })) };
    },
    [from, to],
  );
  const { state, reload } = useAsync(readComparison, { failedText: t.loadFailed });
  const loaded = state.data ?? null;
  const failed = state.error;

  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={!loaded && !failed}>
      <h2 id={headingId}>{t.heading}</h2>
      {failed ? (
        <LoadFailed message={failed} retryLabel={t.reload} onRetry={() => reload('fresh')} />
      ) : !loaded ? (
        <Loading text={t.loading} />
      ) : (
        <>
          <p className={styles.shop}>{t.shopRevenue(formatMoney(loaded.all.shopRevenue.total), formatCount(loaded.all.shopRevenue.orders))}</p>
          {loaded.rows.length === 0 ? (
            <p className={styles.muted}>{t.empty}</p>
          ) : (
            <ScrollRegion className={styles.tableWrap} label={t.scrollLabel}>
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
            </ScrollRegion>
          )}
        </>
      )}
    </section>
  );
}
