import { useCallback, useState } from 'react';
import { formatDateTime } from 'shared-contracts';
import type { CentreKpis } from 'shared-contracts/schemas';
import { ScrollRegion } from '../components/ScrollRegion';
import { RecallCompletionPanel } from '../recalls';
import { useAsync } from '../hooks/useAsync';
import { kpiApi, type KpiRange } from './kpiApi';
import { kpiChange } from './kpiChange';
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

/** How a tile compares with the previous period: its figure there and how the change reads. */
interface Compare {
  previous: number | null | undefined;
  format: (value: number) => string;
  unit?: string;
  lowerIsBetter?: boolean;
}

/** The tiles of one period, in the order a manager reads them (spec §8), each with ▲/▼ when the previous period came. */
export function centreTiles(k: CentreKpis): KpiTileProps[] {
  const p = k.previous;
  const tile = ([label, hint]: readonly [string, string], current: number | null, value: string, unit: string, extra?: string, compare?: Compare): KpiTileProps => ({
    label,
    value,
    unit,
    hint: extra ? `${hint} ${extra}` : hint,
    change:
      p && compare
        ? kpiChange({ current, previous: compare.previous, format: compare.format, unit: compare.unit ?? unit, lowerIsBetter: compare.lowerIsBetter, from: p.from, to: p.to })
        : null,
  });
  const u = t.units;
  const count = (value: number) => formatCount(value);
  const money = (value: number) => formatMoney(value);
  const decimal = (value: number) => formatDecimal(value);
  const points = t.change.percentPoints;
  return [
    tile(t.tiles.vehiclesIn, k.vehiclesIn, formatCount(k.vehiclesIn), u.cars, undefined, { previous: p?.vehiclesIn, format: count }),
    tile(t.tiles.carCount, k.carCount, formatCount(k.carCount), u.cars, undefined, { previous: p?.carCount, format: count }),
    tile(
      t.tiles.revenue,
      k.revenue.total,
      formatMoney(k.revenue.total),
      '',
      t.revenueSplit(formatMoney(k.revenue.services), formatMoney(k.revenue.parts), formatMoney(k.revenue.packageDiscount)),
      { previous: p?.revenueTotal, format: money },
    ),
    tile(t.tiles.aro, k.aro, formatMoney(k.aro), '', undefined, { previous: p?.aro, format: money }),
    tile(t.tiles.hoursPerRo, k.hoursPerRo, formatDecimal(k.hoursPerRo), u.hours, undefined, { previous: p?.hoursPerRo, format: decimal }),
    tile(t.tiles.efficiency, k.efficiencyPct, formatDecimal(k.efficiencyPct), u.percent, undefined, { previous: p?.efficiencyPct, format: decimal, unit: points }),
    tile(t.tiles.utilisation, k.utilisationPct, formatDecimal(k.utilisationPct), u.percent, k.utilisationNote ?? undefined, { previous: p?.utilisationPct, format: decimal, unit: points }),
    tile(t.tiles.bay, k.bayUtilisationPct, formatDecimal(k.bayUtilisationPct), u.percent, undefined, { previous: p?.bayUtilisationPct, format: decimal, unit: points }),
    tile(t.tiles.booking, k.bookingOccupancyPct, formatDecimal(k.bookingOccupancyPct), u.percent, undefined, { previous: p?.bookingOccupancyPct, format: decimal, unit: points }),
    tile(t.tiles.cancellation, k.cancellationRatePct, formatDecimal(k.cancellationRatePct), u.percent, undefined, {
      previous: p?.cancellationRatePct,
      format: decimal,
      unit: points,
      lowerIsBetter: true,
    }),
    tile(t.tiles.noShow, k.noShowRatePct, formatDecimal(k.noShowRatePct), u.percent, undefined, { previous: p?.noShowRatePct, format: decimal, unit: points, lowerIsBetter: true }),
    tile(
      t.tiles.closeCount,
      k.extraWork.closeRatioCountPct,
      formatDecimal(k.extraWork.closeRatioCountPct),
      u.percent,
      t.extraWorkSplit(k.extraWork.withdrawnCount, k.extraWork.expiredCount),
      { previous: p?.closeRatioCountPct, format: decimal, unit: points },
    ),
    tile(t.tiles.closeValue, k.extraWork.closeRatioValuePct, formatDecimal(k.extraWork.closeRatioValuePct), u.percent, undefined, {
      previous: p?.closeRatioValuePct,
      format: decimal,
      unit: points,
    }),
    tile(t.tiles.turnaround, k.turnaround.medianMinutes, formatCount(k.turnaround.medianMinutes), u.minutes, undefined, {
      previous: p?.turnaroundMedianMinutes,
      format: count,
      lowerIsBetter: true,
    }),
    tile(t.tiles.waiting, k.turnaround.medianWaitingMinutes, formatCount(k.turnaround.medianWaitingMinutes), u.minutes, undefined, {
      previous: p?.waitingMedianMinutes,
      format: count,
      lowerIsBetter: true,
    }),
    tile(t.tiles.partsUsage, k.partsUsage.totalValue, formatMoney(k.partsUsage.totalValue), '', undefined, { previous: p?.partsUsageValue, format: money }),
    // The web shop's revenue is site-wide (web orders have no centre): shown in the all-centres view only.
    ...(k.centreId === null
      ? [tile(t.tiles.shopRevenue, k.shopRevenue.total, formatMoney(k.shopRevenue.total), '', t.shopOrders(k.shopRevenue.orders), { previous: p?.shopRevenueTotal, format: money })]
      : []),
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
        <ScrollRegion className={styles.tableWrap} label={`${c.heading(title)} (bảng)`}>
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
        </ScrollRegion>
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
        <ScrollRegion className={styles.tableWrap} label={`${c.heading(title)} (bảng)`}>
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
        </ScrollRegion>
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

/** Each period tile's label, in centreTiles' order; the web shop's revenue last (all centres only). */
function tileLabels(allCentres: boolean): string[] {
  const { shopRevenue, ...centre } = t.tiles;
  return [...Object.values(centre), ...(allCentres ? [shopRevenue] : [])].map(([label]) => label);
}

/**
 * While the first answer loads: the three periods as they will stand (their headings and labelled tiles, the dates
 * and figures grey bars, as this also renders in the server's first view), so that nothing below them moves.
 */
function KpisPlaceholder({ allCentres }: { allCentres: boolean }) {
  const [now] = useState(() => Date.now());
  const labels = tileLabels(allCentres);
  return (
    <>
      <p className={styles.visuallyHidden} aria-live="polite">
        {t.loading}
      </p>
      {allCentres && <p className={styles.muted}>{t.allCentres}</p>}
      {PERIODS.map((period) => {
        const range = lastDays(now, period.days);
        return (
          <div key={period.key} className={styles.period} aria-hidden="true" data-testid="kpi-period-placeholder">
            <h3>{period.title}</h3>
            <p className={styles.muted}>
              <span className={styles.placeholderText}>{t.rangeOf(range.from, range.to)}</span>
            </p>
            <div className={styles.tiles}>
              {labels.map((label) => (
                <div key={label} className={styles.tile}>
                  <p className={styles.label}>{label}</p>
                  <p className={styles.value}>
                    <span className={styles.placeholderValue}>0</span>
                  </p>
                </div>
              ))}
            </div>
          </div>
        );
      })}
    </>
  );
}

interface ManagerKpisProps {
  centreId?: number;
  /** The answer covers every centre (an admin's view): the placeholder keeps room for what only that view shows. */
  allCentres?: boolean;
}

/**
 * The manager's KPI tiles (spec §7 M1, §8): today, the last 7 and 30 days of the centre (an admin: every
 * centre), each figure with its unit and definition, '—' where a ratio has nothing to divide by; then what is
 * true now. No charts yet (they come with the reports).
 */
export function ManagerKpis({ centreId, allCentres = false }: ManagerKpisProps) {
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
        <KpisPlaceholder allCentres={allCentres} />
      ) : (
        <>
          {loaded.answers[0]?.centreId === null && <p className={styles.muted}>{t.allCentres}</p>}
          {PERIODS.map((period, index) => (
            <Period key={period.key} periodKey={period.key} title={period.title} range={loaded.ranges[index]!} kpis={loaded.answers[index]!} />
          ))}
          <Technicians title={t.periods.month} kpis={loaded.answers[2]!} />
          <PartsUsage title={t.periods.month} kpis={loaded.answers[2]!} />
          <Now kpis={loaded.answers[0]!} />
          <RecallCompletionPanel />
        </>
      )}
    </section>
  );
}
