import type { ComponentForecastDto, VehicleForecastDto } from 'shared-contracts/diagnostics';
import { NO_EVIDENCE, rankComponents } from '../../../src/modules/prediction/diagnosisRanking';
import {
  FORECAST_FLAG_PROBABILITY,
  forecastPriors,
  MAX_SUGGESTED_CHECKS,
  OPEN_FAILURE_PRIOR,
  suggestChecks,
  suggestionReasons,
} from '../../../src/modules/diagnostics/suggestedChecks';

const risk = (probability: number) => ({ probability, low: probability / 2, high: Math.min(1, probability * 1.5) });

function component(code: string, label: string, status: ComponentForecastDto['status'], probability: number | null = null): ComponentForecastDto {
  return {
    component: code,
    label,
    status,
    within3Months: probability === null ? null : risk(probability),
    within5000Km: probability === null ? null : risk(probability),
    evidence: status === 'PREDICTED' || status === 'NOT_BETTER_THAN_BASELINE' ? { level: 'family', key: 'VF 8', inspections: 1_240, failures: 96 } : null,
    inspectedTimes: 2,
    serviceSlug: null,
  };
}

const forecast = (components: ComponentForecastDto[]): VehicleForecastDto => ({ vehicleId: 1, model: { id: 3, trainedAt: '2026-11-18T20:00:00.000Z' }, kmPerMonth: 900, components });

describe('the suggested checks of an order', () => {
  it('is empty with no symptom and no forecast, or a forecast without flags', () => {
    expect(suggestChecks([], NO_EVIDENCE, null)).toEqual([]);
    expect(
      suggestChecks(
        [],
        NO_EVIDENCE,
        forecast([
          component('BRAKE_PADS', 'Má phanh', 'PREDICTED', FORECAST_FLAG_PROBABILITY - 0.01),
          component('BATTERY_SOH', 'Tình trạng pin (SOH)', 'INSUFFICIENT_DATA'),
          component('TYRE_WEAR', 'Lốp (độ mòn)', 'NOT_BETTER_THAN_BASELINE'),
        ]),
      ),
    ).toEqual([]);
  });

  it('ranks the symptoms’ components as the diagnostics do, with the symptoms as the reason', () => {
    const checks = suggestChecks(['NOT_CHARGING', 'WATER_IN_PORT'], NO_EVIDENCE, null);
    const ranked = rankComponents(['NOT_CHARGING', 'WATER_IN_PORT']).ranked;
    expect(checks.map((check) => [check.component, check.probability])).toEqual(ranked.map((result) => [result.component, result.probability]));
    expect(checks[0]).toEqual({
      component: 'CHARGE_PORT',
      label: 'Cổng sạc',
      probability: ranked[0]!.probability,
      reason: 'Liên quan đến triệu chứng “Không sạc được”, “Nước vào cổng sạc”.',
    });
  });

  it('counts our past cases in the reason', () => {
    const evidence = { cases: 40, failures: new Map([['BRAKE_PADS', 12]]), withFailure: new Map([['BRAKE_NOISE|BRAKE_PADS', 9]]), withSymptom: new Map([['BRAKE_NOISE', 11]]) };
    const [first] = suggestChecks(['BRAKE_NOISE'], evidence, null);
    expect(first).toMatchObject({ component: 'BRAKE_PADS', reason: 'Liên quan đến triệu chứng “Tiếng kêu khi phanh”, đã gặp ở 9 phiếu trước có cùng triệu chứng.' });
  });

  it('adds the forecast’s flags: an unfixed FAIL and a likely failure within 3 months, and moves the ranking with the priors', () => {
    const vehicle = forecast([
      component('TYRE_WEAR', 'Lốp (độ mòn)', 'NEEDS_ATTENTION_NOW'),
      component('BATTERY_SOH', 'Tình trạng pin (SOH)', 'PREDICTED', 0.62),
      component('BRAKE_PADS', 'Má phanh', 'PREDICTED', 0.55),
      component('LIGHTS', 'Đèn', 'PREDICTED', 0.2),
    ]);
    expect(forecastPriors(vehicle)).toEqual(new Map([['TYRE_WEAR', OPEN_FAILURE_PRIOR], ['BATTERY_SOH', 0.62], ['BRAKE_PADS', 0.55], ['LIGHTS', 0.2]]));

    const alone = suggestChecks([], NO_EVIDENCE, vehicle);
    expect(alone).toEqual([
      { component: 'TYRE_WEAR', label: 'Lốp (độ mòn)', probability: OPEN_FAILURE_PRIOR, reason: 'Lần kiểm tra trước không đạt và chưa được khắc phục.' },
      { component: 'BATTERY_SOH', label: 'Tình trạng pin (SOH)', probability: 0.62, reason: 'Dự báo nhiều khả năng cần xử lý trong 3 tháng tới (dựa trên 1.240 lượt kiểm tra xe tương tự).' },
      { component: 'BRAKE_PADS', label: 'Má phanh', probability: 0.55, reason: `${suggestionReasons.predicted(null, 1_240)}.` },
    ]);

    // A symptom pointing at the pads: one entry for them, the symptom and the forecast as its reasons, and the
    // vehicle's own prior in its probability (the diagnostics' path).
    const withNoise = suggestChecks(['BRAKE_NOISE'], NO_EVIDENCE, vehicle);
    const pads = withNoise.filter((check) => check.component === 'BRAKE_PADS');
    expect(pads).toHaveLength(1);
    expect(pads[0]!.probability).toBe(rankComponents(['BRAKE_NOISE'], NO_EVIDENCE, forecastPriors(vehicle)).ranked[0]!.probability);
    expect(pads[0]!.probability).toBeGreaterThan(rankComponents(['BRAKE_NOISE']).ranked[0]!.probability);
    expect(pads[0]!.reason).toBe('Liên quan đến triệu chứng “Tiếng kêu khi phanh”. Dự báo 55% khả năng cần xử lý trong 3 tháng tới (dựa trên 1.240 lượt kiểm tra xe tương tự).');
    expect(withNoise[0]!.component).toBe('BRAKE_PADS');
    expect(withNoise.map((check) => check.component)).toEqual(expect.arrayContaining(['TYRE_WEAR', 'BATTERY_SOH', 'BRAKE_FUNCTION']));
    const probabilities = withNoise.map((check) => check.probability);
    expect([...probabilities].sort((a, b) => b - a)).toEqual(probabilities);
  });

  it('lists at most MAX_SUGGESTED_CHECKS, the most likely', () => {
    const many = forecast(
      ['BRAKE_PADS', 'BRAKE_FUNCTION', 'TYRE_WEAR', 'TYRE_PRESSURE', 'LIGHTS', 'BATTERY_LEVEL', 'BATTERY_SOH', 'BMS_LOG', 'CHARGE_PORT', 'CHARGER_OUTPUT'].map((code, index) =>
        component(code, code, 'PREDICTED', 0.5 + index * 0.04),
      ),
    );
    const checks = suggestChecks([], NO_EVIDENCE, many);
    expect(checks).toHaveLength(MAX_SUGGESTED_CHECKS);
    expect(checks[0]!.component).toBe('CHARGER_OUTPUT');
    expect(checks.map((check) => check.component)).not.toContain('BRAKE_PADS');
  });
});
