import type { InspectionStep } from './inspectionSteps';
import { minimise } from './quasiNewton';

/** The kind of the wear model's rows in prediction_models (the diagnosis model is trained with it). */
export const WEAR_MODEL_KIND = 'wear';

/**
 * The failure model of one component in one group of vehicles: a Weibull distribution of the component's life
 * on one of three *clocks* (docs/prediction.md §2):
 *
 *   'km'      u = km/1000                     wear that comes with distance (pads, tyres)
 *   'age'     u = months                      ageing that comes with time only (a car's 12 V battery, seals)
 *   'km+age'  u = km/1000 + η · months        both: a *combined time scale* (Kordonsky & Gertsbakh 1993;
 *                                             Duchesne & Lawless 2000), η thousand km per month of age
 *
 *   S(u) = exp(−(u/λ)^k),  H(u) = (u/λ)^k  (cumulative hazard; λ in the clock's unit: thousand km, or months)
 *
 * A step from u₀ (last known good) to u₁ (this inspection) contributes
 *   PASS: log S(u₁)/S(u₀) = −(H(u₁) − H(u₀))
 *   FAIL: log(1 − S(u₁)/S(u₀)) = log(1 − exp(−(H(u₁) − H(u₀))))
 * and the log-likelihood is their sum (inspectionSteps.ts says why). θ = (log k, log λ[, log η]) is found by
 * BFGS on −ℓ(θ) with its analytic gradient, on each clock. The choice (chooseClock): of the two two-parameter
 * clocks the one with the higher likelihood; the three-parameter one only when its likelihood-ratio statistic
 * against that better one exceeds 2.71 — each two-parameter clock is the combined one with a parameter on the
 * boundary (η = 0, or 1/η = 0), where the null distribution is ½χ²₀ + ½χ²₁, whose 95 % point that is — and never
 * when its η ends at the bound (there km no longer count: it is the age clock in disguise). The covariance of θ̂
 * is the inverse of −ℓ's Hessian (central differences of the gradient), and a prediction's interval comes from it
 * by the delta method on the logit scale. docs/prediction.md has it all.
 */

/** What a model's time scale u counts: thousand km, months of age, or thousand km plus η × months. */
export type WearClock = 'km' | 'age' | 'km+age';

export interface WearParameters {
  /** Weibull shape: > 1 means wear-out (the risk grows with use). */
  shape: number;
  /** Weibull scale λ, in units of u: thousand km ('km'; 'km+age': plus η × months), or months ('age'). */
  scale: number;
  /** Thousand km that one month of age counts as, on the 'km+age' clock; 0 on the others. */
  ageing: number;
  /**
   * The clock u runs on. Every fit sets it; versions stored before the age clock existed have none, and clockOf
   * reads them as they were fitted: 'km' when ageing is 0, else 'km+age'.
   */
  clock?: WearClock;
}

/** A model's clock: its own, or for a version stored without one, 'km' when ageing is 0 and 'km+age' otherwise. */
export function clockOf(model: Pick<WearParameters, 'ageing' | 'clock'>): WearClock {
  return model.clock ?? (model.ageing > 0 ? 'km+age' : 'km');
}

/** How many parameters a clock's model has: (log k, log λ), plus log η on the combined clock. */
const parameterCount = (clock: WearClock) => (clock === 'km+age' ? 3 : 2);

export interface FittedWearModel extends WearParameters {
  logLikelihood: number;
  /** Covariance of (log k, log λ[, log η]) — 2×2 on the 'km' and 'age' clocks, 3×3 on 'km+age'. Null when the Hessian is singular. */
  covariance: number[][] | null;
  steps: number;
  failures: number;
  converged: boolean;
}

/** Where the component is, in the model's units since its spell's start. */
export interface WearPoint {
  kkm: number;
  months: number;
}

export interface RiskEstimate {
  probability: number;
  /** 95 % interval (delta method on the logit); equal to the probability when no covariance is known. */
  low: number;
  high: number;
}

/** Steps packed into typed arrays (the likelihood runs over a million of them many times). */
export interface PackedSteps {
  fromKkm: Float64Array;
  fromMonths: Float64Array;
  toKkm: Float64Array;
  toMonths: Float64Array;
  failed: Uint8Array;
  /** The readings' logarithms, read by the likelihood on the one-reading clocks ('km', 'age') instead of taken again each evaluation. */
  logFromKkm: Float64Array;
  logFromMonths: Float64Array;
  logToKkm: Float64Array;
  logToMonths: Float64Array;
  length: number;
  failures: number;
}

export function packSteps(steps: readonly InspectionStep[]): PackedSteps {
  const n = steps.length;
  const packed: PackedSteps = {
    fromKkm: new Float64Array(n),
    fromMonths: new Float64Array(n),
    toKkm: new Float64Array(n),
    toMonths: new Float64Array(n),
    failed: new Uint8Array(n),
    logFromKkm: new Float64Array(n),
    logFromMonths: new Float64Array(n),
    logToKkm: new Float64Array(n),
    logToMonths: new Float64Array(n),
    length: n,
    failures: 0,
  };
  steps.forEach((step, i) => {
    packed.fromKkm[i] = step.fromKkm;
    packed.fromMonths[i] = step.fromMonths;
    packed.toKkm[i] = step.toKkm;
    packed.toMonths[i] = step.toMonths;
    packed.failed[i] = step.failed ? 1 : 0;
    packed.logFromKkm[i] = Math.log(step.fromKkm);
    packed.logFromMonths[i] = Math.log(step.fromMonths);
    packed.logToKkm[i] = Math.log(step.toKkm);
    packed.logToMonths[i] = Math.log(step.toMonths);
    if (step.failed) packed.failures += 1;
  });
  return packed;
}

const MIN_HAZARD_STEP = 1e-12;
/** Beyond these the likelihood is not evaluated: shapes outside [0.05, 50], an ageing rate over e⁸ thousand km a month. */
const SHAPE_BOUNDS = [0.05, 50] as const;
const MAX_LOG_AGEING = 8;

/**
 * −ℓ(θ) and its gradient on a clock, for θ = (log k, log λ) ('km', 'age') or (log k, log λ, log η) ('km+age'; the
 * default clock follows θ's length). With L = log u − log λ and H = e^{kL}: ∂H/∂log k = H·k·L, ∂H/∂log λ = −k·H,
 * ∂H/∂log η = H·k·η·months/u; a step's term is −ΔH (PASS) or log(1 − e^{−ΔH}) (FAIL), whose derivative in ΔH is
 * −1 or 1/(e^{ΔH} − 1).
 */
export function negativeLogLikelihood(
  theta: readonly number[],
  data: PackedSteps,
  clock: WearClock = theta.length > 2 ? 'km+age' : 'km',
): { value: number; gradient: number[] } {
  if (theta.length !== parameterCount(clock)) throw new Error(`the ${clock} clock has ${parameterCount(clock)} parameters, not ${theta.length}`);
  const withAgeing = clock === 'km+age';
  const shape = Math.exp(theta[0]!);
  const logScale = theta[1]!;
  // u = kmWeight · kkm + ageing · months: (1, 0) on 'km', (0, 1) on 'age', (1, η) on 'km+age'.
  const kmWeight = clock === 'age' ? 0 : 1;
  const ageing = withAgeing ? Math.exp(theta[2]!) : clock === 'age' ? 1 : 0;
  const gradient = new Array<number>(theta.length).fill(0);
  if (!(shape >= SHAPE_BOUNDS[0] && shape <= SHAPE_BOUNDS[1]) || !Number.isFinite(logScale) || (withAgeing && !(theta[2]! <= MAX_LOG_AGEING))) {
    return { value: Number.POSITIVE_INFINITY, gradient };
  }
  let sum = 0;
  let dShape = 0;
  let dScale = 0;
  let dAgeing = 0;
  // On a one-reading clock u is the reading itself (the other term is exactly 0), so its logarithm is the packed one.
  const logFrom = clock === 'km' ? data.logFromKkm : clock === 'age' ? data.logFromMonths : null;
  const logTo = clock === 'km' ? data.logToKkm : clock === 'age' ? data.logToMonths : null;
  for (let i = 0; i < data.length; i += 1) {
    const fromAge = ageing * data.fromMonths[i]!;
    const toAge = ageing * data.toMonths[i]!;
    const from = kmWeight * data.fromKkm[i]! + fromAge;
    const to = kmWeight * data.toKkm[i]! + toAge;
    let h0 = 0;
    let l0 = 0;
    if (from > 0) {
      l0 = (logFrom ? logFrom[i]! : Math.log(from)) - logScale;
      h0 = Math.exp(shape * l0);
    }
    const l1 = (logTo ? logTo[i]! : Math.log(to)) - logScale;
    const h1 = Math.exp(shape * l1);
    const increment = h1 - h0;
    if (!(increment > MIN_HAZARD_STEP)) {
      sum += data.failed[i] === 1 ? Math.log(-Math.expm1(-MIN_HAZARD_STEP)) : -MIN_HAZARD_STEP;
      continue;
    }
    let slope: number;
    if (data.failed[i] === 1) {
      sum += Math.log(-Math.expm1(-increment));
      slope = 1 / Math.expm1(increment);
    } else {
      sum -= increment;
      slope = -1;
    }
    dShape += slope * shape * (h1 * l1 - h0 * l0);
    dScale -= slope * shape * increment;
    if (withAgeing) dAgeing += slope * shape * (h1 * toAge / to - (from > 0 ? (h0 * fromAge) / from : 0));
  }
  gradient[0] = -dShape;
  gradient[1] = -dScale;
  if (withAgeing) gradient[2] = -dAgeing;
  return { value: -sum, gradient };
}

function startingPoint(data: PackedSteps, clock: WearClock): number[] {
  let kkm = 0;
  let months = 0;
  let failedAt = 0;
  for (let i = 0; i < data.length; i += 1) {
    kkm += data.toKkm[i]!;
    months += data.toMonths[i]!;
    if (data.failed[i] === 1) failedAt += clock === 'age' ? data.toMonths[i]! : data.toKkm[i]!;
  }
  const meanU = (clock === 'age' ? months : kkm) / Math.max(1, data.length);
  const scale = data.failures > 0 ? (2 * failedAt) / data.failures : 3 * meanU;
  const theta = [Math.log(1.5), Math.log(Math.max(0.1, scale))];
  if (clock === 'km+age') theta.push(Math.log(Math.max(1e-3, (0.2 * kkm) / Math.max(1, months))));
  return theta;
}

interface ClockFit {
  clock: WearClock;
  theta: number[];
  /** −ℓ at θ. */
  value: number;
  converged: boolean;
}

function fitTheta(data: PackedSteps, clock: WearClock): ClockFit {
  const found = minimise((theta) => negativeLogLikelihood(theta, data, clock), startingPoint(data, clock));
  return { clock, theta: found.x, value: found.value, converged: found.converged };
}

/** The Hessian of −ℓ at θ, by central differences of its analytic gradient (symmetrised). */
function hessian(data: PackedSteps, theta: readonly number[], clock: WearClock, h = 1e-4): number[][] {
  const columns = theta.map((_, j) => {
    const up = [...theta];
    const down = [...theta];
    up[j] = up[j]! + h;
    down[j] = down[j]! - h;
    const gUp = negativeLogLikelihood(up, data, clock).gradient;
    const gDown = negativeLogLikelihood(down, data, clock).gradient;
    return gUp.map((value, i) => (value - gDown[i]!) / (2 * h));
  });
  return theta.map((_, i) => theta.map((__, j) => (columns[j]![i]! + columns[i]![j]!) / 2));
}

/** The inverse of a small symmetric positive-definite matrix (Gauss–Jordan); null when it is not invertible. */
export function invert(matrix: readonly (readonly number[])[]): number[][] | null {
  const n = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let column = 0; column < n; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < n; row += 1) if (Math.abs(a[row]![column]!) > Math.abs(a[pivot]![column]!)) pivot = row;
    if (Math.abs(a[pivot]![column]!) < 1e-12) return null;
    [a[column], a[pivot]] = [a[pivot]!, a[column]!];
    const divisor = a[column]![column]!;
    for (let k = 0; k < 2 * n; k += 1) a[column]![k] = a[column]![k]! / divisor;
    for (let row = 0; row < n; row += 1) {
      if (row === column) continue;
      const factor = a[row]![column]!;
      for (let k = 0; k < 2 * n; k += 1) a[row]![k] = a[row]![k]! - factor * a[column]![k]!;
    }
  }
  return a.map((row) => row.slice(n));
}

/**
 * The likelihood-ratio statistic above which the combined clock is chosen over the better two-parameter one
 * (½χ²₀ + ½χ²₁ at 95 %: each two-parameter clock is the combined one with a parameter on its boundary).
 */
export const AGEING_LR_THRESHOLD = 2.71;
/**
 * A combined fit whose log η ends within this of MAX_LOG_AGEING ran to the bound: a month counts as over e⁷ ≈ 1,100
 * thousand km, km add nothing, only η/λ is identified — the age clock in disguise, never chosen.
 */
const AGEING_BOUND_MARGIN = 1;

/**
 * Which clock the data support, from the maximised log-likelihoods (higher is better) and the combined fit's log η:
 * between 'km' and 'age' (two parameters each, not nested) the higher likelihood, 'km' on a tie; 'km+age' only when
 * 2(ℓ₃ − max(ℓ_km, ℓ_age)) exceeds AGEING_LR_THRESHOLD and its η did not run to the bound.
 */
export function chooseClock(fits: { km: number; age: number; combined: number; combinedLogAgeing: number }): WearClock {
  const best = fits.age > fits.km ? 'age' : 'km';
  const bestTwo = Math.max(fits.km, fits.age);
  const atBound = !(fits.combinedLogAgeing < MAX_LOG_AGEING - AGEING_BOUND_MARGIN);
  return !atBound && 2 * (fits.combined - bestTwo) > AGEING_LR_THRESHOLD ? 'km+age' : best;
}

/** Fits the model on each clock and keeps the one the data support (at least one failure and one survival are needed for a finite maximum). */
export function fitWearModel(steps: PackedSteps): FittedWearModel & { clock: WearClock } {
  const fits: Record<WearClock, ClockFit> = { km: fitTheta(steps, 'km'), age: fitTheta(steps, 'age'), 'km+age': fitTheta(steps, 'km+age') };
  const clock = chooseClock({ km: -fits.km.value, age: -fits.age.value, combined: -fits['km+age'].value, combinedLogAgeing: fits['km+age'].theta[2]! });
  const chosen = fits[clock];
  const information = hessian(steps, chosen.theta, clock);
  const covariance = invert(information);
  const positive = covariance !== null && covariance.every((row, i) => row[i]! > 0);
  return {
    clock,
    shape: Math.exp(chosen.theta[0]!),
    scale: Math.exp(chosen.theta[1]!),
    ageing: clock === 'km+age' ? Math.exp(chosen.theta[2]!) : 0,
    logLikelihood: -chosen.value,
    covariance: positive ? covariance : null,
    steps: steps.length,
    failures: steps.failures,
    converged: chosen.converged,
  };
}

function thetaOf(model: WearParameters, clock: WearClock): number[] {
  const theta = [Math.log(model.shape), Math.log(model.scale)];
  if (clock === 'km+age') theta.push(Math.log(model.ageing));
  return theta;
}

function cumulativeHazard(u: number, shape: number, logScale: number): number {
  return u <= 0 ? 0 : Math.exp(shape * (Math.log(u) - logScale));
}

/** Where a point is on the clock: its months on 'age', its thousand km plus η × months otherwise. */
function clockReading(point: WearPoint, clock: WearClock, ageing: number): number {
  return clock === 'age' ? point.months : point.kkm + ageing * point.months;
}

function failureProbability(theta: readonly number[], clock: WearClock, from: WearPoint, to: WearPoint): number {
  const shape = Math.exp(theta[0]!);
  const ageing = clock === 'km+age' ? Math.exp(theta[2]!) : 0;
  const increment = cumulativeHazard(clockReading(to, clock, ageing), shape, theta[1]!) - cumulativeHazard(clockReading(from, clock, ageing), shape, theta[1]!);
  return -Math.expm1(-Math.max(0, increment));
}

/**
 * P(failed by `to` | good at `from`) = 1 − S(u_to)/S(u_from) on the model's clock (clockOf: a version stored
 * without one reads as it was fitted), with its 95 % interval: the delta method on logit(p), whose gradient in θ
 * is taken by central differences.
 */
export function riskBetween(model: FittedWearModel | WearParameters, from: WearPoint, to: WearPoint): RiskEstimate {
  const covariance = 'covariance' in model ? model.covariance : null;
  const clock = clockOf(model);
  const theta = thetaOf(model, clock);
  const probability = failureProbability(theta, clock, from, to);
  if (!covariance || covariance.length !== theta.length || probability <= 0 || probability >= 1) return { probability, low: probability, high: probability };
  const logit = (p: number) => Math.log(p / (1 - p));
  const h = 1e-4;
  const gradient = theta.map((_, i) => {
    const up = [...theta];
    const down = [...theta];
    up[i] = up[i]! + h;
    down[i] = down[i]! - h;
    const pUp = Math.min(1 - 1e-12, Math.max(1e-12, failureProbability(up, clock, from, to)));
    const pDown = Math.min(1 - 1e-12, Math.max(1e-12, failureProbability(down, clock, from, to)));
    return (logit(pUp) - logit(pDown)) / (2 * h);
  });
  let variance = 0;
  for (let i = 0; i < theta.length; i += 1) for (let j = 0; j < theta.length; j += 1) variance += gradient[i]! * covariance[i]![j]! * gradient[j]!;
  const spread = 1.959964 * Math.sqrt(Math.max(0, variance));
  const centre = logit(probability);
  const expit = (x: number) => 1 / (1 + Math.exp(-x));
  return { probability, low: expit(centre - spread), high: expit(centre + spread) };
}
