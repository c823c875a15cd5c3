import { useCallback } from 'react';
import { formatDateTime } from 'shared-contracts';
import type { CentreKpis } from 'shared-contracts/schemas';
import { useAsync } from '../hooks/useAsync';
import { kpiApi, type KpiRange } from './kpiApi';
import { formatCount, formatDecimal, formatHours, formatMoney, lastDays } from './kpiFormat';
import { kpiText } from './kpiText';
import { KpiTile, type KpiTileProps } from './KpiTile';
import styles from './Kpis.module.css';

const t = kpiText;
const PERIODS = [
  { key: 'today', title: t.periods.today, days: 1 },
  { key: 'week', title: t.periods.week, days: 7 },
  { key: 'month', title: t.periods.month, days: 30 },
] as const;

type Loaded = { ranges: KpiRange[]; answers: CentreKpis[] };

/** The tiles of one period, in the order a manager reads them (spec §8). */
export function centreTiles(k: CentreKpis): KpiTileProps[] {
  const tile = ([label, hint]: readonly [string, string], value: string, unit: string, extra?: string): KpiTileProps => ({
    label,
    value,
    unit,
    hint: extra ? `${hint} ${extra}` : hint,
  });
  const u = t.units;
  return [
    tile(t.tiles.vehiclesIn, formatCount(k.vehiclesIn), u.cars),
    tile(t.tiles.carCount, formatCount(k.carCount), u.cars),
    {
      ...tile(t.tiles.revenue, formatMoney(k.revenue.total), '', t.revenueSplit(formatMoney(k.revenue.services), formatMoney(k.revenue.parts), formatMoney(k.revenue.packageDiscount))),
    },
    tile(t.tiles.aro, formatMoney(k.aro), ''),
    tile(t.tiles.hoursPerRo, formatDecimal(k.hoursPerRo), u.hours),
    tile(t.tiles.efficiency, formatDecimal(k.efficiencyPct), u.percent),
    tile(t.tiles.utilisation, formatDecimal(k.utilisationPct), u.percent, k.utilisationNote ?? undefined),
    tile(t.tiles.bay, formatDecimal(k.bayUtilisationPct), u.percent),
    tile(t.tiles.booking, formatDecimal(k.bookingOccupancyPct), u.percent),
    tile(t.tiles.cancellation, formatDecimal(k.cancellationRatePct), u.percent),
    tile(t.tiles.noShow, formatDecimal(k.noShowRatePct), u.percent),
    tile(t.tiles.closeCount, formatDecimal(k.extraWork.closeRatioCountPct), u.percent, t.extraWorkSplit(k.extraWork.withdrawnCount, k.extraWork.expiredCount)),
    tile(t.tiles.closeValue, formatDecimal(k.extraWork.closeRatioValuePct), u.percent),
    tile(t.tiles.turnaround, formatCount(k.turnaround.medianMinutes), u.minutes),
    tile(t.tiles.waiting, formatCount(k.turnaround.medianWaitingMinutes), u.minutes),
    tile(t.tiles.partsUsage, formatMoney(k.partsUsage.totalValue), ''),
    // The web shop's revenue is site-wide (web orders have no centre): shown in the all-centres view only.
    ...(k.centreId === null ? [tile(t.tiles.shopRevenue, formatMoney(k.shopRevenue.total), '', t.shopOrders(k.shopRevenue.orders))] : []),
  ];
}

function Period({ periodKey, title, range, kpis }: { periodKey: string; title: string; range: KpiRange; kpis: CentreKpis }) {
  const id = `kpi-period-${periodKey}`;
  return (
    <section className={styles.period} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <p className={styles.muted}>{t.rangeOf(range.from, range.to)}</p>
      <div className={styles.tiles}>
        {centreTiles(kpis).map((tile) => (
          <KpiTile key={tile.label} {...tile} />
        ))}
      </div>
    </section>
  );
}

/** Per technician over the longest period: clocked hours, orders done, standard hours, efficiency, utilisation. */
function Technicians({ title, kpis }: { title: string; kpis: CentreKpis }) {
  const c = t.technicians;
  return (
    <section className={styles.period} aria-labelledby="kpi-technicians">
      <h3 id="kpi-technicians">{c.heading(title)}</h3>
      {kpis.technicians.length === 0 ? (
        <p className={styles.muted}>{c.empty}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{c.name}</th>
              <th scope="col">{c.clocked}</th>
              <th scope="col">{c.done}</th>
              <th scope="col">{c.standard}</th>
              <th scope="col">{c.efficiency}</th>
              <th scope="col" title={kpis.utilisationNote ?? undefined}>
                {c.utilisation}
              </th>
            </tr>
          </thead>
          <tbody>
            {kpis.technicians.map((row) => (
              <tr key={row.technicianId}>
                <th scope="row">{row.fullName}</th>
                <td>{formatHours(row.clockedMinutes)}</td>
                <td>{formatCount(row.ordersDone)}</td>
                <td>{formatHours(row.standardMinutes)}</td>
                <td>{formatDecimal(row.efficiencyPct)}</td>
                <td>{formatDecimal(row.utilisationPct)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Parts used over the longest period, per product: issued − returned, valued at the requests' prices. */
function PartsUsage({ title, kpis }: { title: string; kpis: CentreKpis }) {
  const c = t.parts;
  return (
    <section className={styles.period} aria-labelledby="kpi-parts">
      <h3 id="kpi-parts">{c.heading(title)}</h3>
      {kpis.partsUsage.items.length === 0 ? (
        <p className={styles.muted}>{c.empty}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{c.name}</th>
              <th scope="col">{c.quantity}</th>
              <th scope="col">{c.value}</th>
            </tr>
          </thead>
          <tbody>
            {kpis.partsUsage.items.map((row) => (
              <tr key={row.productId}>
                <th scope="row">{row.name}</th>
                <td>{formatCount(row.quantity)}</td>
                <td>{formatMoney(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** What is true now: low stock, stock value, approvals waiting > 4 h, technicians on the clock. */
function Now({ kpis }: { kpis: CentreKpis }) {
  return (
    <section className={styles.period} aria-labelledby="kpi-now">
      <h3 id="kpi-now">{t.now.heading}</h3>
      <div className={styles.tiles}>
        <KpiTile label={t.now.lowStock} value={formatCount(kpis.lowStockCount)} unit={t.units.items} hint={t.now.lowStockHint} />
        <KpiTile label={t.now.inventoryValue} value={formatMoney(kpis.inventoryValue)} unit="" hint={t.now.inventoryValueHint} />
        <KpiTile label={t.now.pending} value={formatCount(kpis.pendingApprovals.count)} unit={t.units.requests} hint={t.now.pendingHint} />
      </div>
      <section aria-labelledby="kpi-pending">
        <h4 id="kpi-pending">{t.now.pending}</h4>
        {kpis.pendingApprovals.items.length === 0 ? (
          <p className={styles.muted}>{t.now.pendingEmpty}</p>
        ) : (
          <ul className={styles.list}>
            {kpis.pendingApprovals.items.map((item) => (
              <li key={item.id}>
                {t.now.pendingItem(item.serviceOrderCode, item.licensePlate, item.productName)} – {t.now.since}{' '}
                <time dateTime={item.sentAt}>{formatDateTime(item.sentAt)}</time>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="kpi-clocked-in">
        <h4 id="kpi-clocked-in">{t.now.clockedIn}</h4>
        {kpis.clockedIn.length === 0 ? (
          <p className={styles.muted}>{t.now.clockedInEmpty}</p>
        ) : (
          <ul className={styles.list}>
            {kpis.clockedIn.map((entry) => (
              <li key={entry.technicianId}>
                {t.now.clockedInItem(entry.fullName, entry.serviceOrderCode, entry.licensePlate)} – {t.now.since}{' '}
                <time dateTime={entry.since}>{formatDateTime(entry.since)}</time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/**
 * The manager's KPI tiles (spec §7 M1, §8): today, the last 7 and 30 days of the centre (an admin: every
 * centre), each figure with its unit and definition, '—' where a ratio has nothing to divide by; then what is
 * true now. No charts yet (they come with the reports).
 */
export function ManagerKpis({ centreId }: { centreId?: number }) {
  const readKpis = useCallback(async (signal: AbortSignal): Promise<Loaded> => {
    const now = Date.now();
    const ranges = PERIODS.map((period) => lastDays(now, period.days));
    const answers = await Promise.all(ranges.map((range) => kpiApi.centre(range, centreId, signal)));
    return { ranges, answers };
  }, [centreId]);
  // the tiles stay on screen while they load again; a new load clears the last failure
  const { state, reload } = useAsync(readKpis, { failedText: t.loadFailed, start: 'keep' });
  const loaded = state.data ?? null;
  const failed = state.loading ? null : state.error;

  return (
    <section className={styles.section} aria-labelledby="manager-kpis">
      <h2 id="manager-kpis">{t.heading}</h2>
      {failed ? (
        <>
          <p className={styles.muted}>{failed}</p>
          <button type="button" className={styles.reload} onClick={() => reload()}>
            {t.reload}
          </button>
        </>
      ) : !loaded ? (
        <p className={styles.muted} aria-live="polite">
          {t.loading}
        </p>
      ) : (
        <>
          {loaded.answers[0]?.centreId === null && <p className={styles.muted}>{t.allCentres}</p>}
          {PERIODS.map((period, index) => (
            <Period key={period.key} periodKey={period.key} title={period.title} range={loaded.ranges[index]!} kpis={loaded.answers[index]!} />
          ))}
          <Technicians title={t.periods.month} kpis={loaded.answers[2]!} />
          <PartsUsage title={t.periods.month} kpis={loaded.answers[2]!} />
          <Now kpis={loaded.answers[0]!} />
        </>
      )}
    </section>
  );
}
