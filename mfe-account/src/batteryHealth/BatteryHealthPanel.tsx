import { useCallback, useState } from 'react';
import { formatDate } from 'shared-contracts';
import type { BatteryReport, Vehicle } from 'shared-contracts/schemas';
import { failureMessage } from '../api/apiErrors';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { batteryHealthApi } from './batteryHealthApi';
import { batteryHealthText as t } from './batteryHealthText';
import styles from './BatteryHealth.module.css';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 34, right: 10, top: 10, bottom: 22 };
const FLAG_STYLE: Record<BatteryReport['flag'], string | undefined> = { OK: styles.flag, DEGRADED: styles.flagDegraded, REPLACE_SOON: styles.flagReplace };

/** Where each report's SOH sits in the chart: x by the measurement's time (evenly when all at one instant), y 0–100 %. */
export function trendPoints(reports: readonly BatteryReport[]): Array<{ x: number; y: number }> {
  const times = reports.map((report) => new Date(report.measuredAt).getTime());
  const first = Math.min(...times);
  const span = Math.max(...times) - first;
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  return reports.map((report, index) => ({
    x: PAD.left + (reports.length === 1 ? innerWidth / 2 : span === 0 ? (index / (reports.length - 1)) * innerWidth : ((times[index]! - first) / span) * innerWidth),
    y: PAD.top + (1 - report.sohPercent / 100) * innerHeight,
  }));
}

/** The SOH over time as a small plain SVG (decision 0027's way), with the figures said in its label. */
function Trend({ reports, plate }: { reports: readonly BatteryReport[]; plate: string }) {
  const points = trendPoints(reports);
  const said = reports.map((report) => t.point(formatDate(report.measuredAt), report.sohPercent)).join('; ');
  const yOf = (percent: number) => PAD.top + (1 - percent / 100) * (HEIGHT - PAD.top - PAD.bottom);
  return (
    <svg className={styles.trend} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t.trendLabel(plate, said)}>
      {[0, 50, 100].map((percent) => (
        <g key={percent}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={yOf(percent)} y2={yOf(percent)} stroke="#e3e8ee" />
          <text x={PAD.left - 6} y={yOf(percent) + 4} fontSize="10" textAnchor="end" fill="#5b6672">
            {percent}%
          </text>
        </g>
      ))}
      <polyline points={points.map((point) => `${point.x},${point.y}`).join(' ')} fill="none" stroke="#0b7a53" strokeWidth="2" />
      {points.map((point, index) => (
        <circle key={reports[index]!.id} cx={point.x} cy={point.y} r="3.5" fill={reports[index]!.flag === 'OK' ? '#0b7a53' : '#b42318'} />
      ))}
    </svg>
  );
}

function ReportItem({ report }: { report: BatteryReport }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const date = formatDate(report.measuredAt);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await batteryHealthApi.downloadCertificate(report);
    } catch (error) {
      setFailure(failureMessage(error, t.downloadFailed));
    } finally {
      setBusy(false);
    }
  };
  const figures = [
    report.capacityKwh !== null ? t.figures.capacity(report.capacityKwh) : null,
    report.cellSpreadMv !== null ? t.figures.spread(report.cellSpreadMv) : null,
    report.internalResistanceMohm !== null ? t.figures.resistance(report.internalResistanceMohm) : null,
    report.temperatureC !== null ? t.figures.temperature(report.temperatureC) : null,
    t.figures.odometer(report.odometerKm),
  ].filter((figure): figure is string => figure !== null);
  return (
    <li className={styles.report}>
      <p>
        <strong>{date}</strong> · {t.soh(report.sohPercent)} · <span className={FLAG_STYLE[report.flag]}>{report.flagLabel}</span>
        {report.spreadWarning && ` · ${t.spreadWarning}`}
      </p>
      <p className={styles.muted}>
        {figures.join(' · ')} · {t.at(report.centreName)}
      </p>
      <button type="button" className={styles.download} onClick={() => void download()} disabled={busy} aria-label={t.downloadLabel(date)}>
        {t.download}
      </button>
      {failure && (
        <p role="alert" className={styles.muted}>
          {failure}
        </p>
      )}
    </li>
  );
}

/**
 * "Sức khỏe pin" of one vehicle on /my-vehicles (issue 66 §3): the SOH trend of the battery checks the centres
 * recorded, then each report's figures, newest first, with "Tải chứng nhận" (the certificate PDF, whose QR a buyer
 * of the car can check). Nothing is shown for a vehicle never measured, nor while loading: the card does not grow
 * for nothing.
 */
export function BatteryHealthPanel({ vehicle }: { vehicle: Pick<Vehicle, 'id' | 'licensePlate'> }) {
  const read = useCallback((signal: AbortSignal) => batteryHealthApi.reports(vehicle.id, signal), [vehicle.id]);
  const { state } = useAsync(read, {});
  const loaded = loadedOf(state);
  if (loaded.status !== 'ready' || loaded.data.length === 0) return null;
  const reports = loaded.data;
  return (
    <section className={styles.panel} aria-label={t.headingFor(vehicle.licensePlate)}>
      <h3 className={styles.heading}>{t.heading}</h3>
      <p className={styles.muted}>{t.intro}</p>
      <Trend reports={reports} plate={vehicle.licensePlate} />
      <ul className={styles.list} aria-label={t.listLabel(vehicle.licensePlate)}>
        {[...reports].reverse().map((report) => (
          <ReportItem key={report.id} report={report} />
        ))}
      </ul>
    </section>
  );
}
