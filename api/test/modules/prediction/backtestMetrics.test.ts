import { backtestMetrics, brierScore, calibrationBins, rocAuc } from '../../../src/modules/prediction/backtestMetrics';

const scored = (pairs: [number, 0 | 1][]) => pairs.map(([probability, failed]) => ({ probability, failed: failed === 1 }));

describe('backtest metrics on small hand-checked fixtures', () => {
  it('Brier score: the mean squared distance between p and what was found', () => {
    // (0.1−0)² + (0.8−1)² + (0.3−0)² + (0.5−1)² = 0.01 + 0.04 + 0.09 + 0.25 = 0.39; / 4 = 0.0975
    expect(brierScore(scored([[0.1, 0], [0.8, 1], [0.3, 0], [0.5, 1]]))).toBeCloseTo(0.0975, 12);
    expect(brierScore(scored([[0, 0], [1, 1]]))).toBe(0);
    expect(brierScore([])).toBeNaN();
  });

  it('AUC: the share of (FAIL, PASS) pairs ranked the right way, ties counting ½', () => {
    // FAILs at 0.8, 0.5; PASSes at 0.1, 0.3, 0.6. Pairs right: 0.8 beats all 3, 0.5 beats 0.1 and 0.3 → 5 of 6.
    expect(rocAuc(scored([[0.1, 0], [0.8, 1], [0.3, 0], [0.5, 1], [0.6, 0]]))).toBeCloseTo(5 / 6, 12);
    expect(rocAuc(scored([[0.9, 1], [0.1, 0]]))).toBe(1);
    expect(rocAuc(scored([[0.1, 1], [0.9, 0]]))).toBe(0);
    // A constant prediction (the baseline) is chance.
    expect(rocAuc(scored([[0.2, 1], [0.2, 0], [0.2, 0], [0.2, 1]]))).toBe(0.5);
    // One tie between a FAIL and a PASS: FAIL 0.4 vs PASS 0.4 (½) and vs PASS 0.1 (1) → 1.5 / 2.
    expect(rocAuc(scored([[0.4, 1], [0.4, 0], [0.1, 0]]))).toBeCloseTo(0.75, 12);
    expect(rocAuc(scored([[0.3, 0], [0.4, 0]]))).toBeNull();
  });

  it('calibration: deciles of p with their mean p and observed rate; equal p stay in one bin', () => {
    const predictions = scored([
      [0.05, 0], [0.05, 0], [0.1, 0], [0.1, 1],
      [0.5, 1], [0.5, 0], [0.9, 1], [0.9, 1],
    ]);
    expect(calibrationBins(predictions, 4)).toEqual([
      { predicted: 0.05, observed: 0, count: 2 },
      { predicted: 0.1, observed: 0.5, count: 2 },
      { predicted: 0.5, observed: 0.5, count: 2 },
      { predicted: 0.9, observed: 1, count: 2 },
    ]);
    const tied = calibrationBins(scored([[0.2, 0], [0.2, 1], [0.2, 0], [0.7, 1]]), 4);
    expect(tied.map((bin) => bin.count)).toEqual([3, 1]);
    expect(tied[0]!.predicted).toBeCloseTo(0.2, 12);
    expect(tied[0]!.observed).toBeCloseTo(1 / 3, 12);
    expect(tied[1]).toEqual({ predicted: 0.7, observed: 1, count: 1 });
    expect(calibrationBins(predictions).reduce((sum, bin) => sum + bin.count, 0)).toBe(8);
  });

  it('puts them together with the counts', () => {
    const metrics = backtestMetrics(scored([[0.1, 0], [0.8, 1], [0.3, 0], [0.5, 1]]));
    expect(metrics).toMatchObject({ inspections: 4, failures: 2, auc: 1 });
    expect(metrics.brier).toBeCloseTo(0.0975, 12);
  });
});
