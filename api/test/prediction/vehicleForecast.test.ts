import type { Inspection } from '../../src/modules/prediction/inspectionSteps';
import type { ComponentTraining } from '../../src/modules/prediction/trainWearModels';
import { forecastVehicle } from '../../src/modules/prediction/vehicleForecast';

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
