import { autoStopNote, canaryVerdict, CANARY_MIN_VIEWS, type HealthCounts } from '../../../src/modules/releases/buildHealth';
import { seededRandom } from '../../support/seededRandom';

const SEEDS = 500;

/**
 * A canary's life as the API sees it, simulated from known error probabilities: the live build has served
 * `liveHistory` sampled views already; then for each sampled view of the canary (a 20 % share) the live build gets
 * four, each view failing with its build's probability; the verdict is taken after every canary view, as the API takes
 * it after every report. Answers the canary view at which it was stopped, or null if it ran `canaryViews` views.
 */
function stoppedAt(seed: number, canaryP: number, liveP: number, canaryViews = 300, liveHistory = 500): number | null {
  const random = seededRandom(seed);
  const live: HealthCounts = { views: 0, errors: 0 };
  const canary: HealthCounts = { views: 0, errors: 0 };
  const view = (counts: HealthCounts, p: number) => {
    counts.views += 1;
    if (random() < p) counts.errors += 1;
  };
  for (let index = 0; index < liveHistory; index += 1) view(live, liveP);
  for (let index = 1; index <= canaryViews; index += 1) {
    for (let share = 0; share < 4; share += 1) view(live, liveP);
    view(canary, canaryP);
    if (canaryVerdict({ canary, live }).stop) return index;
  }
  return null;
}

function runs(canaryP: number, liveP: number): (number | null)[] {
  return Array.from({ length: SEEDS }, (_, seed) => stoppedAt(seed + 1, canaryP, liveP));
}

describe('the automatic canary stop, on canaries simulated from known error rates', () => {
  it('stops a canary failing 30 % of views against a live build failing 1 %, soon after its 20th view', () => {
    const stops = runs(0.3, 0.01);
    expect(stops.filter((at) => at === null)).toEqual([]);
    expect(Math.min(...(stops as number[]))).toBeGreaterThanOrEqual(CANARY_MIN_VIEWS);
    expect(stops.filter((at) => at! <= 30).length / SEEDS).toBeGreaterThanOrEqual(0.95);
  });

  it('stops a canary failing 15 % of views within its first 300', () => {
    expect(runs(0.15, 0.01).filter((at) => at === null).length / SEEDS).toBeLessThanOrEqual(0.01);
  });

  it('lets a canary failing 2 % of views (1 % live) run on in nearly every run', () => {
    expect(runs(0.02, 0.01).filter((at) => at !== null).length / SEEDS).toBeLessThanOrEqual(0.02);
  });

  it('hardly ever stops a canary as good as the live build', () => {
    expect(runs(0.01, 0.01).filter((at) => at !== null).length / SEEDS).toBeLessThanOrEqual(0.005);
  });
});

describe('the canary verdict', () => {
  it('waits for 20 views and 3 errors, however bad the first ones', () => {
    expect(canaryVerdict({ canary: { views: 19, errors: 19 }, live: { views: 1000, errors: 0 } }).stop).toBe(false);
    expect(canaryVerdict({ canary: { views: 20, errors: 2 }, live: { views: 1000, errors: 0 } }).stop).toBe(false);
    expect(canaryVerdict({ canary: { views: 20, errors: 7 }, live: { views: 40, errors: 0 } })).toEqual({ stop: true, canaryRate: 0.35, liveRate: 0 });
  });

  it('compares with the live build’s rate: as bad as the live build is no reason to stop', () => {
    expect(canaryVerdict({ canary: { views: 100, errors: 30 }, live: { views: 1000, errors: 300 } }).stop).toBe(false);
    expect(canaryVerdict({ canary: { views: 100, errors: 30 }, live: { views: 1000, errors: 10 } }).stop).toBe(true);
  });

  it('writes the stop’s note in Vietnamese, the rates as vi-VN percentages', () => {
    expect(autoStopNote({ views: 20, errors: 7 }, { views: 40, errors: 0 })).toBe('Tự động dừng: tỉ lệ lỗi 35,0 % (7/20 lượt xem) so với 0,0 % của bản chính thức');
    expect(autoStopNote({ views: 3, errors: 1 }, { views: 1000, errors: 15 })).toBe('Tự động dừng: tỉ lệ lỗi 33,3 % (1/3 lượt xem) so với 1,5 % của bản chính thức');
  });
});
