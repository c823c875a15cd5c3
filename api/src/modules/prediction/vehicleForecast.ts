import { inspectionSteps, type Inspection } from './inspectionSteps';
import type { ComponentTraining, PoolLevel } from './trainWearModels';
import { riskBetween, type RiskEstimate } from './wearModel';

/**
 * One vehicle's "Dự đoán bảo dưỡng" (spec predictive.md §2, §4): per component, the probability that it needs
 * attention within the next 3 months and within the next 5,000 km, with its 95 % interval and the evidence it
 * rests on — or why there is no number.
 *
 * The component is where its last inspection left it (inspectionSteps' state: the current spell's start and
 * the last point known good; a vehicle never inspected is taken as good when new). The horizons move the
 * odometer by the vehicle's km per month (its own readings, else its family's median) and the age by the months:
 *
 *   3 months:  x + 3·r,     m + 3
 *   5,000 km:  x + 5,       m + 5/r         (x in thousand km, r in thousand km a month)
 *
 * and P = 1 − S(u_horizon)/S(u_last good) (wearModel.riskBetween), u read on the model's own clock (clockOf): the
 * km on 'km', the months on 'age' (so its 3-month risk does not depend on the km driven, and its 5,000 km risk only
 * through the months they take, 5/r), both on 'km+age'; a version stored without a clock reads as it was fitted.
 */

export type ForecastStatus =
  /** A number, from a model that beat the baseline. */
  | 'PREDICTED'
  /** Found FAIL and not fixed: it needs attention now, whatever a model says. */
  | 'NEEDS_ATTENTION_NOW'
  /** Below the minimum evidence in the family, its type and the fleet: "Chưa đủ dữ liệu". */
  | 'INSUFFICIENT_DATA'
  /** The component's model did not beat the fleet-rate baseline in its backtest: not shown. */
  | 'NOT_BETTER_THAN_BASELINE';

export interface ComponentForecast {
  component: string;
  status: ForecastStatus;
  within3Months: RiskEstimate | null;
  within5000Km: RiskEstimate | null;
  /** What the number rests on: the pool's level and key, its inspections and failures. */
  evidence: { level: PoolLevel; key: string; inspections: number; failures: number } | null;
  /** This vehicle's inspections of the component. */
  inspectedTimes: number;
}

export interface VehicleForecastInput {
  family: string;
  /** The odometer now (km) and the vehicle's age now (months). */
  odometerKm: number;
  ageMonths: number;
  /** km per month: the vehicle's own, else its family's median. */
  kmPerMonth: number;
  /** The vehicle's inspections by component (closed orders). */
  inspections: ReadonlyMap<string, readonly Inspection[]>;
  /**
   * The vehicle's latest battery health report (batteryHealth), read as one more inspection of BATTERY_SOH: flagged
   * "Pin suy giảm" or worse, a FAIL not fixed (it needs attention now); else a PASS where it was measured (the
   * battery's last point known good moves there). A measured SOH says more than the checklist's PASS/FAIL of the same
   * visit, and inspectionSteps lets a FAIL at the last good point stand.
   */
  batteryReading?: Inspection | null;
}

/** The component a battery health report tells about. */
export const BATTERY_SOH_COMPONENT = 'BATTERY_SOH';

export const HORIZON_MONTHS = 3;
export const HORIZON_KM = 5000;

export function forecastVehicle(components: readonly ComponentTraining[], input: VehicleForecastInput): ComponentForecast[] {
  const rate = Math.max(1, input.kmPerMonth) / 1000;
  const forecasts = components.map((training): ComponentForecast => {
    const inspected = input.inspections.get(training.component) ?? [];
    const inspections = training.component === BATTERY_SOH_COMPONENT && input.batteryReading ? [...inspected, input.batteryReading] : inspected;
    const answered = inspections.filter((inspection) => inspection.result !== 'NA').length;
    const { state } = inspectionSteps(inspections);
    const base = { component: training.component, within3Months: null, within5000Km: null, evidence: null, inspectedTimes: answered };
    if (state.openFailure) return { ...base, status: 'NEEDS_ATTENTION_NOW' };
    const pool = training.familyPool[input.family];
    const model = pool && training.models.find((candidate) => candidate.level === pool.level && candidate.key === pool.key);
    if (!pool || !model) return { ...base, status: 'INSUFFICIENT_DATA' };
    const evidence = { level: pool.level, key: pool.key, inspections: model.steps, failures: model.failures };
    if (!training.accepted) return { ...base, evidence, status: 'NOT_BETTER_THAN_BASELINE' };

    const now = { kkm: Math.max(0, (input.odometerKm - state.startKm) / 1000), months: Math.max(0, input.ageMonths - state.startAgeMonths) };
    const good = { kkm: Math.min(state.goodKkm, now.kkm), months: Math.min(state.goodMonths, now.months) };
    return {
      ...base,
      status: 'PREDICTED',
      evidence,
      within3Months: riskBetween(model, good, { kkm: now.kkm + HORIZON_MONTHS * rate, months: now.months + HORIZON_MONTHS }),
      within5000Km: riskBetween(model, good, { kkm: now.kkm + HORIZON_KM / 1000, months: now.months + HORIZON_KM / 1000 / rate }),
    };
  });
  const order: Record<ForecastStatus, number> = { NEEDS_ATTENTION_NOW: 0, PREDICTED: 1, NOT_BETTER_THAN_BASELINE: 2, INSUFFICIENT_DATA: 3 };
  return forecasts.sort(
    (a, b) => order[a.status] - order[b.status] || (b.within3Months?.probability ?? 0) - (a.within3Months?.probability ?? 0) || a.component.localeCompare(b.component),
  );
}
