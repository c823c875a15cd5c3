import { inspectionSteps, type InspectionStep } from '../../src/modules/prediction/inspectionSteps';
import { fitWearModel, invert, negativeLogLikelihood, packSteps, riskBetween, type WearParameters } from '../../src/modules/prediction/wearModel';
import { simulateFleet } from './wearSimulation';

function stepsOf(fleet: ReturnType<typeof simulateFleet>): InspectionStep[] {
  return fleet.flatMap((inspections) => inspectionSteps(inspections).steps);
}

function expectNear(actual: number, expected: number, relative: number): void {
  expect({ actual, within: Math.abs(actual - expected) <= relative * expected }).toEqual({ actual, within: true });
}

describe('the wear model recovers the parameters it was simulated with', () => {
  const cases: { name: string; truth: WearParameters; vehicles: number }[] = [
    { name: 'brake pads: wear-out with distance only (k 3, λ 22 thousand km)', truth: { shape: 3, scale: 22, ageing: 0 }, vehicles: 2500 },
    { name: 'a battery: slow wear with distance and age (k 2, λ 60, η 0.5 thousand km a month)', truth: { shape: 2, scale: 60, ageing: 0.5 }, vehicles: 4000 },
    { name: 'a charge port: random failures (k 1, λ 40)', truth: { shape: 1, scale: 40, ageing: 0 }, vehicles: 4000 },
  ];

  it.each(cases)('$name', ({ truth, vehicles }) => {
    const steps = packSteps(stepsOf(simulateFleet({ vehicles, truth, seed: 2026 })));
    const fitted = fitWearModel(steps);
    expect(fitted.converged).toBe(true);
    expectNear(fitted.shape, truth.shape, 0.15);
    expectNear(fitted.scale, truth.scale, 0.15);
    if (truth.ageing === 0) expect(fitted.ageing).toBe(0);
    else expectNear(fitted.ageing, truth.ageing, 0.35);
    // The true parameters lie within the fitted covariance's 99 % ellipse, coordinate by coordinate.
    expect(fitted.covariance).not.toBeNull();
    const sd = fitted.covariance!.map((row, i) => Math.sqrt(row[i]!));
    expect(Math.abs(Math.log(fitted.shape) - Math.log(truth.shape))).toBeLessThan(3 * sd[0]!);
    expect(Math.abs(Math.log(fitted.scale) - Math.log(truth.scale))).toBeLessThan(3 * sd[1]!);
  });

  it('still recovers the shape and scale with unfixed failures and many NA answers', () => {
    const truth = { shape: 2.5, scale: 30, ageing: 0 };
    const fitted = fitWearModel(packSteps(stepsOf(simulateFleet({ vehicles: 3000, truth, seed: 7, unfixed: 0.3, notApplicable: 0.3 }))));
    expectNear(fitted.shape, truth.shape, 0.2);
    expectNear(fitted.scale, truth.scale, 0.15);
  });

  it('gives the same model for the same data (deterministic)', () => {
    const steps = packSteps(stepsOf(simulateFleet({ vehicles: 500, truth: { shape: 2, scale: 25, ageing: 0 }, seed: 11 })));
    expect(fitWearModel(steps)).toEqual(fitWearModel(steps));
  });
});

describe('the likelihood', () => {
  it('is the interval-censored Weibull likelihood of a spell, whatever its PASS steps in between', () => {
    // One spell: good at 0, PASS at 10 and 20 thousand km, FAIL at 30: ℓ = log(S(20) − S(30)).
    const S = (u: number) => Math.exp(-Math.pow(u / 25, 2));
    const steps = packSteps([
      { at: 1, fromKkm: 0, fromMonths: 0, toKkm: 10, toMonths: 5, failed: false },
      { at: 2, fromKkm: 10, fromMonths: 5, toKkm: 20, toMonths: 10, failed: false },
      { at: 3, fromKkm: 20, fromMonths: 10, toKkm: 30, toMonths: 15, failed: true },
    ]);
    expect(-negativeLogLikelihood([Math.log(2), Math.log(25)], steps).value).toBeCloseTo(Math.log(S(20) - S(30)), 10);
    // With ageing η = 1: u = km + months.
    expect(-negativeLogLikelihood([Math.log(2), Math.log(25), 0], steps).value).toBeCloseTo(Math.log(S(30) - S(45)), 10);
  });
});

describe('the likelihood’s gradient', () => {
  it('matches central differences of the likelihood, with and without ageing', () => {
    const steps = packSteps(stepsOf(simulateFleet({ vehicles: 200, truth: { shape: 2, scale: 30, ageing: 0.3 }, seed: 5 })));
    for (const theta of [[0.5, 3.2], [0.9, 3.6, -1.2], [0.1, 2.9, 0.4]]) {
      const { gradient } = negativeLogLikelihood(theta, steps);
      theta.forEach((_, i) => {
        const up = [...theta];
        const down = [...theta];
        up[i] = up[i]! + 1e-6;
        down[i] = down[i]! - 1e-6;
        const numeric = (negativeLogLikelihood(up, steps).value - negativeLogLikelihood(down, steps).value) / 2e-6;
        expect(Math.abs(gradient[i]! - numeric)).toBeLessThan(1e-4 * (1 + Math.abs(numeric)));
      });
    }
  });
});

describe('a prediction', () => {
  const model = { shape: 2, scale: 20, ageing: 0, covariance: [[0.01, 0], [0, 0.004]], logLikelihood: 0, steps: 100, failures: 20, converged: true };

  it('is the conditional probability of failing by the horizon, given good at the last inspection', () => {
    const S = (u: number) => Math.exp(-Math.pow(u / 20, 2));
    const risk = riskBetween(model, { kkm: 10, months: 6 }, { kkm: 15, months: 9 });
    expect(risk.probability).toBeCloseTo(1 - S(15) / S(10), 12);
    expect(risk.low).toBeLessThan(risk.probability);
    expect(risk.high).toBeGreaterThan(risk.probability);
    // More uncertainty, a wider interval.
    const vaguer = riskBetween({ ...model, covariance: [[0.04, 0], [0, 0.016]] }, { kkm: 10, months: 6 }, { kkm: 15, months: 9 });
    expect(vaguer.high - vaguer.low).toBeGreaterThan(risk.high - risk.low);
  });

  it('grows with the horizon and with the distance already covered (wear-out)', () => {
    const near = riskBetween(model, { kkm: 10, months: 0 }, { kkm: 12, months: 0 }).probability;
    const far = riskBetween(model, { kkm: 10, months: 0 }, { kkm: 15, months: 0 }).probability;
    const worn = riskBetween(model, { kkm: 25, months: 0 }, { kkm: 27, months: 0 }).probability;
    expect(far).toBeGreaterThan(near);
    expect(worn).toBeGreaterThan(near);
  });
});

describe('invert', () => {
  it('inverts a positive-definite matrix and refuses a singular one', () => {
    const inverse = invert([[4, 2, 0], [2, 3, 1], [0, 1, 2]])!;
    const product = [[4, 2, 0], [2, 3, 1], [0, 1, 2]].map((row) => inverse[0]!.map((_, j) => row.reduce((sum, value, k) => sum + value * inverse[k]![j]!, 0)));
    product.forEach((row, i) => row.forEach((value, j) => expect(value).toBeCloseTo(i === j ? 1 : 0, 10)));
    expect(invert([[1, 2], [2, 4]])).toBeNull();
  });
});
