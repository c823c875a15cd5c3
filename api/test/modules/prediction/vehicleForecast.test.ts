import type { Inspection } from '../../../src/modules/prediction/inspectionSteps';
import type { ComponentTraining } from '../../../src/modules/prediction/trainWearModels';
import { forecastVehicle } from '../../../src/modules/prediction/vehicleForecast';

const MONTH = 30.436875 * 86_400_000;
const brakeModel = { level: 'family' as const, key: 'VinFast Feliz S', shape: 3, scale: 20, ageing: 0, logLikelihood: 0, covariance: [[0.004, 0], [0, 0.001]], steps: 4200, failures: 380, converged: true };
const backtest = null;
const components: ComponentTraining[] = [
  { component: 'BRAKE_PADS', accepted: true, models: [brakeModel], familyPool: { 'VinFast Feliz S': { level: 'family', key: 'VinFast Feliz S' } }, backtest },
  { component: 'DASH_LIGHTS', accepted: false, models: [{ ...brakeModel, shape: 1 }], familyPool: { 'VinFast Feliz S': { level: 'family', key: 'VinFast Feliz S' } }, backtest },
  { component: 'CHARGE_PORT', accepted: false, models: [], familyPool: {}, backtest },
  { component: 'TYRE_WEAR', accepted: true, models: [brakeModel], familyPool: { 'VinFast Feliz S': { level: 'family', key: 'VinFast Feliz S' } }, backtest },
];
const at = (months: number) => Date.UTC(2024, 0, 1) + months * MONTH;
const inspection = (months: number, km: number, result: Inspection['result'], repaired = false): Inspection => ({ at: at(months), odometerKm: km, ageMonths: months, result, repaired });

describe('a vehicle’s forecast on an age-clock model (a car’s 12 V battery: λ 60 months, km do not count)', () => {
  const batteryModel = { ...brakeModel, clock: 'age' as const, shape: 2, scale: 60, ageing: 0, covariance: [[0.01, 0.002], [0.002, 0.004]] };
  const battery: ComponentTraining[] = [
    { component: 'BATTERY_12V', accepted: true, models: [batteryModel], familyPool: { 'VinFast Feliz S': { level: 'family', key: 'VinFast Feliz S' } }, backtest },
  ];
  const S = (months: number) => Math.exp(-Math.pow(months / 60, 2));
  const forecast = (odometerKm: number, ageMonths: number, kmPerMonth: number) =>
    forecastVehicle(battery, { family: 'VinFast Feliz S', odometerKm, ageMonths, kmPerMonth, inspections: new Map([['BATTERY_12V', [inspection(12, 8000, 'PASS')]]]) })[0]!;

  it('reads the months: 3 months ahead from good at 12 months, now 24; 5,000 km ahead at 600 km a month is 8⅓ months', () => {
    const battery24 = forecast(15_000, 24, 600);
    expect(battery24.status).toBe('PREDICTED');
    expect(battery24.within3Months!.probability).toBeCloseTo(1 - S(27) / S(12), 10);
    expect(battery24.within5000Km!.probability).toBeCloseTo(1 - S(24 + 5 / 0.6) / S(12), 10);
    expect(battery24.within3Months!.low).toBeLessThan(battery24.within3Months!.probability);
    expect(battery24.within3Months!.high).toBeGreaterThan(battery24.within3Months!.probability);
  });

  it('grows with the months, not with the km: the odometer and the km a month leave the 3-month risk alone', () => {
    const base = forecast(15_000, 24, 600).within3Months!;
    expect(forecast(40_000, 24, 600).within3Months).toEqual(base);
    expect(forecast(15_000, 24, 2000).within3Months).toEqual(base);
    expect(forecast(15_000, 30, 600).within3Months!.probability).toBeGreaterThan(base.probability);
    // 5,000 km are fewer months for a vehicle that drives more: a smaller risk.
    expect(forecast(15_000, 24, 2000).within5000Km!.probability).toBeLessThan(forecast(15_000, 24, 600).within5000Km!.probability);
  });
});

describe('a vehicle’s forecast from a version stored before the age clock (models without a clock)', () => {
  it('reads them as fitted: km without ageing, km and age with it', () => {
    const stored = JSON.parse(JSON.stringify(components)) as ComponentTraining[];
    expect(stored[0]!.models[0]).not.toHaveProperty('clock');
    const input = { family: 'VinFast Feliz S', odometerKm: 15_000, ageMonths: 24, kmPerMonth: 600, inspections: new Map([['BRAKE_PADS', [inspection(12, 8000, 'PASS')]]]) };
    const S = (u: number) => Math.exp(-Math.pow(u / 20, 3));
    const brakes = (training: ComponentTraining[]) => forecastVehicle(training, input).find((forecast) => forecast.component === 'BRAKE_PADS')!;
    expect(brakes(stored).within3Months!.probability).toBeCloseTo(1 - S(16.8) / S(8), 10);
    const withAgeing = stored.map((entry) => ({ ...entry, models: entry.models.map((model) => ({ ...model, ageing: 0.1 })) }));
    // u = km + 0.1·months: good at 8 + 1.2, in 3 months 16.8 + 2.7.
    expect(brakes(withAgeing).within3Months!.probability).toBeCloseTo(1 - S(19.5) / S(9.2), 10);
  });
});

describe('a vehicle’s forecast', () => {
  const base = { family: 'VinFast Feliz S', odometerKm: 15_000, ageMonths: 24, kmPerMonth: 600 };

  it('gives a number with its interval and evidence where a model beat the baseline, and says why elsewhere', () => {
    const forecasts = forecastVehicle(components, { ...base, inspections: new Map([['BRAKE_PADS', [inspection(12, 8000, 'PASS')]]]) });
    const byComponent = new Map(forecasts.map((forecast) => [forecast.component, forecast]));
    const brakes = byComponent.get('BRAKE_PADS')!;
    expect(brakes.status).toBe('PREDICTED');
    expect(brakes.evidence).toEqual({ level: 'family', key: 'VinFast Feliz S', inspections: 4200, failures: 380 });
    expect(brakes.inspectedTimes).toBe(1);
    // Good at 8,000 km; in 3 months at 600 km a month the odometer reads 16,800: 1 − S(16.8)/S(8).
    const S = (u: number) => Math.exp(-Math.pow(u / 20, 3));
    expect(brakes.within3Months!.probability).toBeCloseTo(1 - S(16.8) / S(8), 10);
    expect(brakes.within5000Km!.probability).toBeCloseTo(1 - S(20) / S(8), 10);
    expect(brakes.within3Months!.low).toBeLessThan(brakes.within3Months!.probability);
    expect(byComponent.get('DASH_LIGHTS')).toMatchObject({ status: 'NOT_BETTER_THAN_BASELINE', within3Months: null });
    expect(byComponent.get('CHARGE_PORT')).toMatchObject({ status: 'INSUFFICIENT_DATA', within3Months: null, evidence: null });
  });

  it('starts the clock again after a fixed FAIL, and flags an unfixed one as needing attention now', () => {
    const fixed = forecastVehicle(components, { ...base, inspections: new Map([['BRAKE_PADS', [inspection(12, 8000, 'PASS'), inspection(20, 13_000, 'FAIL', true)]]]) });
    const fresh = fixed.find((forecast) => forecast.component === 'BRAKE_PADS')!;
    const S = (u: number) => Math.exp(-Math.pow(u / 20, 3));
    // New pads at 13,000 km: now 2 thousand km on them, 3 months → 3.8.
    expect(fresh.within3Months!.probability).toBeCloseTo(1 - S(3.8) / S(0), 10);

    const unfixed = forecastVehicle(components, { ...base, inspections: new Map([['TYRE_WEAR', [inspection(20, 13_000, 'FAIL')]]]) });
    expect(unfixed[0]).toMatchObject({ component: 'TYRE_WEAR', status: 'NEEDS_ATTENTION_NOW' });
  });

  it('ranks the needs-attention first, then the numbers by their 3-month probability, then the rest', () => {
    const forecasts = forecastVehicle(components, { ...base, inspections: new Map([['TYRE_WEAR', [inspection(22, 14_500, 'PASS')]], ['BRAKE_PADS', [inspection(6, 3000, 'PASS')]]]) });
    expect(forecasts.map((forecast) => forecast.component)).toEqual(['BRAKE_PADS', 'TYRE_WEAR', 'DASH_LIGHTS', 'CHARGE_PORT']);
    expect(forecasts[0]!.within3Months!.probability).toBeGreaterThan(forecasts[1]!.within3Months!.probability);
  });
});

describe('a vehicle’s forecast reading its latest battery health report (issue 66 §3)', () => {
  const sohModel = { ...brakeModel, key: 'VinFast Feliz S', clock: 'km' as const };
  const battery: ComponentTraining[] = [
    { component: 'BATTERY_SOH', accepted: true, models: [sohModel], familyPool: { 'VinFast Feliz S': { level: 'family', key: 'VinFast Feliz S' } }, backtest },
    { component: 'BRAKE_PADS', accepted: true, models: [brakeModel], familyPool: { 'VinFast Feliz S': { level: 'family', key: 'VinFast Feliz S' } }, backtest },
  ];
  const checked = new Map([['BATTERY_SOH', [inspection(12, 8000, 'PASS')]], ['BRAKE_PADS', [inspection(12, 8000, 'PASS')]]]);
  const input = { family: 'VinFast Feliz S', odometerKm: 15_000, ageMonths: 24, kmPerMonth: 600, inspections: checked };
  const soh = (batteryReading: Inspection | null) => forecastVehicle(battery, { ...input, batteryReading }).find((forecast) => forecast.component === 'BATTERY_SOH')!;

  it('needs attention now when the latest report says "Pin suy giảm", even where the checklist said PASS that day', () => {
    expect(soh(null).status).toBe('PREDICTED');
    const degraded = soh(inspection(20, 13_000, 'FAIL'));
    expect(degraded.status).toBe('NEEDS_ATTENTION_NOW');
    expect(soh(inspection(12, 8000, 'FAIL')).status).toBe('NEEDS_ATTENTION_NOW');
    // the other components do not read it
    expect(forecastVehicle(battery, { ...input, batteryReading: inspection(20, 13_000, 'FAIL') }).find((forecast) => forecast.component === 'BRAKE_PADS')!.status).toBe('PREDICTED');
  });

  it('moves the battery’s last good point to a healthy report: a lower risk from there', () => {
    const fromChecklist = soh(null).within3Months!.probability;
    const fromReport = soh(inspection(22, 14_000, 'PASS'));
    expect(fromReport.status).toBe('PREDICTED');
    expect(fromReport.within3Months!.probability).toBeLessThan(fromChecklist);
    expect(fromReport.inspectedTimes).toBe(2);
  });
});
