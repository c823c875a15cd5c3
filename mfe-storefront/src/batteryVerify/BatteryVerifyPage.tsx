import { Fragment, useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { formatDate } from 'shared-contracts';
import type { BatteryVerify } from 'shared-contracts/schemas';
import { BATTERY_CHEMISTRY_LABELS, formatBatteryNumber, type BatteryChemistry } from 'shared-contracts/vehicle';
import { Async, Skeleton } from '../components/Async';
import { PageIntro } from '../components/PageIntro';
import { useAsync } from '../hooks/useAsync';
import { usePageMeta } from '../hooks/usePageMeta';
import { batteryVerifyApi } from './batteryVerifyApi';
import { batteryVerifyText as t } from './batteryVerifyText';
import styles from './BatteryVerify.module.css';

const unit = (value: number | null, suffix: string, digits = 1) => (value === null ? t.unknown : `${formatBatteryNumber(value, digits)} ${suffix}`);

/** The figures a buyer compares with the paper certificate, in its order. */
export function verifyLines(report: BatteryVerify): Array<[string, string]> {
  const chemistry = report.batteryChemistry ? (BATTERY_CHEMISTRY_LABELS[report.batteryChemistry as BatteryChemistry] ?? report.batteryChemistry) : t.unknown;
  return [
    [t.labels.model, report.modelLabel ?? t.unknown],
    [t.labels.chemistry, chemistry],
    [t.labels.rated, unit(report.ratedCapacityKwh, 'kWh', 2)],
    [t.labels.soh, unit(report.sohPercent, '%')],
    [t.labels.capacity, unit(report.capacityKwh, 'kWh', 2)],
    [t.labels.spread, unit(report.cellSpreadMv, 'mV', 0)],
    [t.labels.resistance, unit(report.internalResistanceMohm, 'mΩ')],
    [t.labels.temperature, unit(report.temperatureC, '°C')],
    [t.labels.odometer, `${new Intl.NumberFormat('vi-VN').format(report.odometerKm)} km`],
    [t.labels.tool, report.tool],
    [t.labels.date, formatDate(report.measuredAt)],
    [t.labels.centre, report.centreName],
  ];
}

/**
 * /xac-minh-pin/:code (issue 66 §3): what a buyer of the car opens from the certificate's QR — the measured figures,
 * the model and the date as the centre recorded them, and the verdict; never the owner's name, phone, plate or VIN
 * (the API does not send them). A code that is not ours shows the API's Vietnamese 404 message.
 */
export function BatteryVerifyPage() {
  usePageMeta(t.title, t.description);
  const { code = '' } = useParams();
  const read = useCallback((signal: AbortSignal) => batteryVerifyApi.verify(code, signal), [code]);
  const load = useAsync(read, {});
  return (
    <>
      <PageIntro title={t.title} description={t.description} />
      <Async load={load} skeleton={<Skeleton count={1} variant="line" />}>
        {(report) => (
          <section className={styles.card} aria-labelledby="battery-verify-result">
            <h2 id="battery-verify-result">{t.valid(report.code)}</h2>
            <p className={styles.verdict}>
              {t.verdict}: {report.flagLabel}
            </p>
            {report.spreadWarning && <p>{t.spreadWarning}</p>}
            <dl className={styles.figures}>
              {verifyLines(report).map(([label, value]) => (
                <Fragment key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </Fragment>
              ))}
            </dl>
            <p className={styles.note}>{t.privacy}</p>
          </section>
        )}
      </Async>
    </>
  );
}

export default BatteryVerifyPage;
