import { backtestMetrics, type BacktestMetrics, type ScoredPrediction } from './backtestMetrics';
import { inspectionSteps, type Inspection, type InspectionStep } from './inspectionSteps';
import { fitWearModel, packSteps, riskBetween, type FittedWearModel } from './wearModel';

/**
 * One training run of the failure models (spec predictive.md §2), as a pure function of the inspections: the
 * process that runs it (nightly, or when an admin asks) reads the data, calls this and stores the result as a
 * versioned model. The same data give the same result.
 *
 * - Per component, each model family gets a model of its own when its data reach the minimum evidence
 *   (MIN_INSPECTIONS answered inspections and MIN_FAILURES failures); else it shares its vehicle type's pooled
 *   model; else the whole fleet's; else it has none ("Chưa đủ dữ liệu").
 * - The backtest: the same pooling and fitting on the steps before a cut-off date (the one leaving
 *   BACKTEST_SHARE of the steps after it), each later step predicted from where its component was last known
 *   good; the baseline predicts each at the component's failure rate per inspection before the cut-off. A
 *   component whose model's Brier score is not below the baseline's is not shown (accepted: false), nor one
 *   whose backtest rests on fewer than MIN_BACKTEST_INSPECTIONS held-out inspections or MIN_BACKTEST_FAILURES failures.
 * - The models served are then fitted on all the steps.
 */

export const MIN_INSPECTIONS = 30;
export const MIN_FAILURES = 5;
export const BACKTEST_SHARE = 0.2;
/**
 * A backtest on fewer held-out inspections or failures says nothing either way (a Brier score over 20
 * inspections with one failure is noise): the component is then not accepted, whatever its score.
 */
export const MIN_BACKTEST_INSPECTIONS = 100;
export const MIN_BACKTEST_FAILURES = 10;

export type PoolLevel = 'family' | 'type' | 'fleet';

export interface ComponentInspections {
  component: string;
  /** The vehicle's model family (e.g. 'VinFast Feliz S'), and its type (e.g. 'scooter', 'car'). */
  family: string;
  vehicleType: string;
  inspections: Inspection[];
}

export interface GroupModel extends FittedWearModel {
  level: PoolLevel;
  /** The family, the vehicle type, or 'fleet'. */
  key: string;
}

export interface ComponentTraining {
  component: string;
  accepted: boolean;
  /** Models by pool: each family's own, its type's and the fleet's where they were needed and had the evidence. */
  models: GroupModel[];
  /** Which pool each family's predictions come from (families without one have no prediction). */
  familyPool: Record<string, { level: PoolLevel; key: string }>;
  backtest: { cutoff: number; model: BacktestMetrics; baseline: BacktestMetrics & { rate: number } } | null;
}

interface LabelledStep extends InspectionStep {
  family: string;
  vehicleType: string;
}

function hasEvidence(steps: readonly InspectionStep[]): boolean {
  let failures = 0;
  for (const step of steps) if (step.failed) failures += 1;
  return steps.length >= MIN_INSPECTIONS && failures >= MIN_FAILURES;
}

/** Fits the models a component's families need, pooling the families short of evidence. */
export function fitPooledModels(steps: readonly LabelledStep[]): { models: GroupModel[]; familyPool: ComponentTraining['familyPool'] } {
  const byFamily = groupBy(steps, (step) => step.family);
  const models = new Map<string, GroupModel>();
  const familyPool: ComponentTraining['familyPool'] = {};
  const modelFor = (level: PoolLevel, key: string, pool: readonly LabelledStep[]): GroupModel | null => {
    const id = `${level}:${key}`;
    if (!models.has(id)) {
      if (!hasEvidence(pool)) return null;
      models.set(id, { level, key, ...fitWearModel(packSteps(pool)) });
    }
    return models.get(id)!;
  };
  const byType = groupBy(steps, (step) => step.vehicleType);
  for (const family of [...byFamily.keys()].sort()) {
    const own = byFamily.get(family)!;
    const type = own[0]!.vehicleType;
    const chosen = modelFor('family', family, own) ?? modelFor('type', type, byType.get(type)!) ?? modelFor('fleet', 'fleet', steps);
    if (chosen) familyPool[family] = { level: chosen.level, key: chosen.key };
  }
  return { models: [...models.values()], familyPool };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const id = key(item);
    const group = groups.get(id);
    if (group) group.push(item);
    else groups.set(id, [item]);
  }
  return groups;
}

/** The date leaving `share` of the steps on or after it. */
export function backtestCutoff(steps: readonly { at: number }[], share = BACKTEST_SHARE): number {
  const dates = steps.map((step) => step.at).sort((a, b) => a - b);
  return dates[Math.min(dates.length - 1, Math.floor((1 - share) * dates.length))]!;
}

function backtest(steps: readonly LabelledStep[]): ComponentTraining['backtest'] {
  if (steps.length === 0) return null;
  const cutoff = backtestCutoff(steps);
  const training = steps.filter((step) => step.at < cutoff);
  const later = steps.filter((step) => step.at >= cutoff);
  const { models, familyPool } = fitPooledModels(training);
  const modelOf = new Map(models.map((model) => [`${model.level}:${model.key}`, model]));
  const rate = training.filter((step) => step.failed).length / Math.max(1, training.length);
  const predicted: ScoredPrediction[] = [];
  const baseline: ScoredPrediction[] = [];
  for (const step of later) {
    const pool = familyPool[step.family];
    if (!pool) continue;
    const model = modelOf.get(`${pool.level}:${pool.key}`)!;
    const risk = riskBetween(model, { kkm: step.fromKkm, months: step.fromMonths }, { kkm: step.toKkm, months: step.toMonths });
    predicted.push({ probability: risk.probability, failed: step.failed });
    baseline.push({ probability: rate, failed: step.failed });
  }
  if (predicted.length === 0) return null;
  return { cutoff, model: backtestMetrics(predicted), baseline: { ...backtestMetrics(baseline), rate } };
}

/** Trains every component's models, with its backtest. Components are returned in code order. */
export function trainWearModels(histories: readonly ComponentInspections[]): ComponentTraining[] {
  const byComponent = groupBy(histories, (history) => history.component);
  return [...byComponent.keys()].sort().map((component) => {
    const steps: LabelledStep[] = byComponent
      .get(component)!
      .flatMap((history) => inspectionSteps(history.inspections).steps.map((step) => ({ ...step, family: history.family, vehicleType: history.vehicleType })));
    const tested = backtest(steps);
    const { models, familyPool } = fitPooledModels(steps);
    const accepted =
      tested !== null &&
      tested.model.inspections >= MIN_BACKTEST_INSPECTIONS &&
      tested.model.failures >= MIN_BACKTEST_FAILURES &&
      tested.model.brier < tested.baseline.brier &&
      models.length > 0;
    return { component, accepted, models, familyPool, backtest: tested };
  });
}
