/**
 * How good a failure model's probabilities are on inspections it did not see (spec predictive.md §2): each
 * prediction p ∈ [0, 1] against what the inspection found (1 = FAIL, 0 = PASS).
 *
 * - Brier score: mean (p − y)²; lower is better. The baseline predicts every inspection of the component at the
 *   fleet's training failure rate, and a model is shown only where its Brier score is below the baseline's.
 * - Discrimination: the area under the ROC curve, P(p of a FAIL > p of a PASS) with ties counted ½
 *   (Mann–Whitney); 0.5 is chance, and the constant baseline's.
 * - Calibration: the predictions cut into deciles of p; in each, the mean p against the observed FAIL rate.
 */

export interface ScoredPrediction {
  probability: number;
  failed: boolean;
}

export interface CalibrationBin {
  /** Mean predicted probability in the bin. */
  predicted: number;
  /** Share of the bin's inspections that found a FAIL. */
  observed: number;
  count: number;
}

export interface BacktestMetrics {
  inspections: number;
  failures: number;
  brier: number;
  auc: number | null;
  calibration: CalibrationBin[];
}

export function brierScore(predictions: readonly ScoredPrediction[]): number {
  if (predictions.length === 0) return Number.NaN;
  let sum = 0;
  for (const { probability, failed } of predictions) sum += (probability - (failed ? 1 : 0)) ** 2;
  return sum / predictions.length;
}

/** ROC AUC by ranks (ties share their mean rank); null when there are no FAILs or no PASSes. */
export function rocAuc(predictions: readonly ScoredPrediction[]): number | null {
  const failures = predictions.filter((p) => p.failed).length;
  const passes = predictions.length - failures;
  if (failures === 0 || passes === 0) return null;
  const sorted = [...predictions].sort((a, b) => a.probability - b.probability);
  let rankSumOfFailures = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1]!.probability === sorted[i]!.probability) j += 1;
    const meanRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k += 1) if (sorted[k]!.failed) rankSumOfFailures += meanRank;
    i = j + 1;
  }
  return (rankSumOfFailures - (failures * (failures + 1)) / 2) / (failures * passes);
}

/** Up to `bins` bins of (nearly) equal counts in order of p; equal probabilities never straddle two bins. */
export function calibrationBins(predictions: readonly ScoredPrediction[], bins = 10): CalibrationBin[] {
  const sorted = [...predictions].sort((a, b) => a.probability - b.probability);
  const result: CalibrationBin[] = [];
  let start = 0;
  for (let bin = 1; bin <= bins && start < sorted.length; bin += 1) {
    let end = Math.max(start + 1, Math.round((bin * sorted.length) / bins));
    while (end < sorted.length && sorted[end]!.probability === sorted[end - 1]!.probability) end += 1;
    const slice = sorted.slice(start, end);
    result.push({
      predicted: slice.reduce((sum, p) => sum + p.probability, 0) / slice.length,
      observed: slice.filter((p) => p.failed).length / slice.length,
      count: slice.length,
    });
    start = end;
  }
  return result;
}

export function backtestMetrics(predictions: readonly ScoredPrediction[]): BacktestMetrics {
  return {
    inspections: predictions.length,
    failures: predictions.filter((p) => p.failed).length,
    brier: brierScore(predictions),
    auc: rocAuc(predictions),
    calibration: calibrationBins(predictions),
  };
}
