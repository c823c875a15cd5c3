import { useCallback, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from 'shared-contracts';
import type { ComponentForecastDto, VehicleForecastDto } from 'shared-contracts/diagnostics';
import type { Vehicle } from 'shared-contracts/schemas';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { forecastApi } from './forecastApi';
import { formatInterval, forecastText as t, likelihood, poolWords, wholePercent } from './forecastText';
import styles from './MaintenanceForecast.module.css';

/**
 * "Dự đoán bảo dưỡng" of one vehicle (spec predictive.md §2, §4 "Customer"), on each card of /my-vehicles
 * (variant 'full') and under each vehicle of /dashboard (variant 'compact': no 5,000 km line and no count of the
 * vehicle's own inspections). The components most likely to need attention soon come first; the first
 * TOP_SHOWN are shown, "Xem tất cả" shows the rest.
 *
 * Order: NEEDS_ATTENTION_NOW (found faulty and not fixed: it needs attention whatever a model says), then the
 * numbers by their 3-month probability, highest first, then the components without a number
 * (NOT_BETTER_THAN_BASELINE, then INSUFFICIENT_DATA); ties by label.
 *
 * Every number is said in words and in figures ('Khả năng cao (62%)'), with its 95 % interval ('khoảng 48–75%')
 * and the evidence it rests on — never a number without them. The words are the one scale of likelihood words
 * shared with the diagnosis page and the reminder email: the bands of the whole percent shown, and why they are
 * what they are, are in shared-contracts diagnostics/likelihoodWords.ts (LIKELIHOOD_BANDS).
 *
 * NOT_BETTER_THAN_BASELINE: the component is listed, without a number, with "Chưa dự đoán được tốt hơn mức trung
 * bình" and why. Hiding it would read as "nothing to worry about", which the model cannot say either; the spec's
 * "not shown" is about the number, which is not shown. INSUFFICIENT_DATA likewise says "Chưa đủ dữ liệu". When no
 * component has a number or a finding (NoNumbers), the panel says so once instead of a card for each.
 * The meaning never rests on colour alone: each state has its words, the "Cần kiểm tra ngay" mark is text.
 *
 * "Đặt lịch kiểm tra" opens the storefront's booking wizard through the URL only (remotes never import each
 * other): /booking?vehicleId=…&service=… — the query its BookingPage reads.
 */

export const TOP_SHOWN = 3;

type ForecastVehicle = Pick<Vehicle, 'id' | 'licensePlate' | 'brand' | 'model' | 'odometerKm'>;

const STATUS_ORDER: Record<ComponentForecastDto['status'], number> = { NEEDS_ATTENTION_NOW: 0, PREDICTED: 1, NOT_BETTER_THAN_BASELINE: 2, INSUFFICIENT_DATA: 3 };

/** The components in the order shown (see above). */
export function rankForecasts(components: readonly ComponentForecastDto[]): ComponentForecastDto[] {
  return [...components].sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      (b.within3Months?.probability ?? -1) - (a.within3Months?.probability ?? -1) ||
      a.label.localeCompare(b.label, 'vi'),
  );
}

/** The booking wizard's URL (mfe-storefront BookingPage reads vehicleId and service). */
export function forecastBookingUrl(vehicleId: number, serviceSlug: string | null): string {
  const params = new URLSearchParams({ vehicleId: String(vehicleId) });
  if (serviceSlug) params.set('service', serviceSlug);
  return `/booking?${params.toString()}`;
}

function Evidence({ item, vehicle }: { item: ComponentForecastDto; vehicle: ForecastVehicle }) {
  if (!item.evidence) return null;
  const { level, key, inspections, failures } = item.evidence;
  return (
    <p className={styles.evidence}>
      {t.evidence(inspections, failures, poolWords(level, key, vehicle.brand))}
      {level !== 'family' && t.pooledBecause(vehicle.model)}
    </p>
  );
}

function ForecastItem({ item, vehicle, compact }: { item: ComponentForecastDto; vehicle: ForecastVehicle; compact: boolean }) {
  const titleId = useId();
  const risk = item.status === 'PREDICTED' ? item.within3Months : null;
  const attention = item.status === 'NEEDS_ATTENTION_NOW';
  return (
    <li className={attention ? `${styles.item} ${styles.attention}` : styles.item} aria-labelledby={titleId}>
      <div className={styles.itemHead}>
        <h4 id={titleId} className={styles.itemTitle}>
          {item.label}
        </h4>
        {attention && (
          <strong className={styles.badge}>
            <span aria-hidden="true">! </span>
            {t.attentionNow}
          </strong>
        )}
      </div>
      {attention && <p>{t.attentionNowDetail}</p>}
      {item.status === 'PREDICTED' && risk && (
        <>
          <p className={styles.likelihood}>{t.within3Months(likelihood(risk.probability))}</p>
          <span className={styles.bar} aria-hidden="true">
            <span className={styles.barFill} style={{ width: `${wholePercent(risk.probability)}%` }} />
          </span>
          <p className={styles.muted}>{t.interval(formatInterval(risk))}</p>
          {!compact && item.within5000Km && <p className={styles.muted}>{t.within5000Km(likelihood(item.within5000Km.probability), formatInterval(item.within5000Km))}</p>}
        </>
      )}
      {item.status === 'NOT_BETTER_THAN_BASELINE' && (
        <>
          <p className={styles.noNumber}>{t.notBetter}</p>
          <p className={styles.muted}>{t.notBetterDetail}</p>
        </>
      )}
      {item.status === 'INSUFFICIENT_DATA' && (
        <>
          <p className={styles.noNumber}>{t.insufficient}</p>
          <p className={styles.muted}>{t.insufficientDetail}</p>
        </>
      )}
      {item.status === 'PREDICTED' && <Evidence item={item} vehicle={vehicle} />}
      {!compact && <p className={styles.muted}>{t.inspectedTimes(item.inspectedTimes)}</p>}
      <Link to={forecastBookingUrl(vehicle.id, item.serviceSlug)} className={attention ? styles.bookUrgent : styles.book} aria-label={t.bookLabel(item.label, vehicle.licensePlate)}>
        {t.book}
      </Link>
    </li>
  );
}

/** A component with a number or a finding to show (the others can only say why they have none). */
const hasSomethingToSay = (item: ComponentForecastDto) => item.status === 'PREDICTED' || item.status === 'NEEDS_ATTENTION_NOW';

/**
 * A vehicle none of whose components has a number or a finding (a family we have too few inspections of, a vehicle
 * never seen at a centre): one short explanation and one way to book, instead of a card per component that each
 * says "Chưa đủ dữ liệu".
 */
function NoNumbers({ components, vehicle }: { components: readonly ComponentForecastDto[]; vehicle: ForecastVehicle }) {
  const insufficient = components.every((item) => item.status === 'INSUFFICIENT_DATA');
  const neverInspected = components.every((item) => item.inspectedTimes === 0);
  return (
    <div>
      <p className={styles.noNumber}>{t.noNumbers}</p>
      <p className={styles.muted}>
        {insufficient ? t.noNumbersInsufficient(`${vehicle.brand} ${vehicle.model}`) : t.noNumbersNotBetter}
        {neverInspected && ` ${t.noNumbersNeverInspected}`}
      </p>
      <Link to={forecastBookingUrl(vehicle.id, null)} className={styles.book} aria-label={t.bookVehicleLabel(vehicle.licensePlate)}>
        {t.book}
      </Link>
    </div>
  );
}

function ForecastList({ forecast, vehicle, compact }: { forecast: VehicleForecastDto; vehicle: ForecastVehicle; compact: boolean }) {
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const ranked = rankForecasts(forecast.components);
  if (ranked.length === 0) return <p className={styles.muted}>{t.empty}</p>;
  if (!ranked.some(hasSomethingToSay)) return <NoNumbers components={ranked} vehicle={vehicle} />;
  const shown = showAll ? ranked : ranked.slice(0, TOP_SHOWN);
  return (
    <>
      <ol id={listId} className={styles.list} aria-label={t.listLabel(vehicle.licensePlate)}>
        {shown.map((item) => (
          <ForecastItem key={item.component} item={item} vehicle={vehicle} compact={compact} />
        ))}
      </ol>
      {ranked.length > TOP_SHOWN && (
        <button type="button" className={styles.toggle} aria-expanded={showAll} aria-controls={listId} onClick={() => setShowAll((value) => !value)}>
          {showAll ? t.showFewer : t.showAll(ranked.length)}
        </button>
      )}
    </>
  );
}

export interface MaintenanceForecastProps {
  vehicle: ForecastVehicle;
  /** 'full' on /my-vehicles; 'compact' on /dashboard. */
  variant?: 'full' | 'compact';
}

export function MaintenanceForecast({ vehicle, variant = 'full' }: MaintenanceForecastProps) {
  // the forecast moves with the odometer: an edited vehicle is asked again
  const { id: vehicleId, odometerKm } = vehicle;
  const asked = useMemo(() => ({ vehicleId, odometerKm }), [vehicleId, odometerKm]);
  const read = useCallback((signal: AbortSignal) => forecastApi.vehicleForecast(asked.vehicleId, signal), [asked]);
  const { state: loaded, reload } = useAsync(read, {});
  const state = loadedOf(loaded);
  const headingId = useId();
  const compact = variant === 'compact';
  // the full panel keeps the room of a loaded one while it loads, so what follows it moves little when it arrives
  const className = [styles.panel, compact ? styles.compact : state.status === 'loading' ? styles.reserved : ''].filter(Boolean).join(' ');
  return (
    <section className={className} aria-labelledby={headingId} aria-busy={state.status === 'loading'}>
      <h3 id={headingId} className={styles.heading}>
        {t.heading}
        <span className={styles.visuallyHidden}>{t.headingVehicle(vehicle.licensePlate)}</span>
      </h3>
      {state.status === 'loading' && (
        <p role="status" className={styles.muted}>
          {t.loading}
        </p>
      )}
      {state.status === 'failed' && (
        <div className={styles.failure}>
          <p className={styles.failureText}>
            {t.loadFailed} {state.message}
          </p>
          <button type="button" className={styles.toggle} onClick={() => reload('fresh')} aria-label={t.retryLabel(vehicle.licensePlate)}>
            {t.retry}
          </button>
        </div>
      )}
      {state.status === 'ready' &&
        (state.data.model === null ? (
          <div>
            <p className={styles.noNumber}>{t.noModel}</p>
            <p className={styles.muted}>{t.noModelDetail}</p>
          </div>
        ) : (
          <>
            {!compact && <p className={styles.muted}>{t.intro}</p>}
            <p className={styles.muted}>
              {t.modelInfo(formatDate(state.data.model.trainedAt))}
              {!compact && ` · ${t.kmPerMonth(state.data.kmPerMonth)}`}
            </p>
            <ForecastList forecast={state.data} vehicle={vehicle} compact={compact} />
          </>
        ))}
    </section>
  );
}
