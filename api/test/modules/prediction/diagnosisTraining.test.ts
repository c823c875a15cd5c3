import { learnSymptomEvidence, rankComponents } from '../../../src/modules/prediction/diagnosisRanking';
import {
  evaluateDiagnosis,
  evidenceFromStored,
  MIN_HELD_OUT_CASES,
  storedEvidence,
  trainDiagnosis,
  type DatedCase,
} from '../../../src/modules/prediction/diagnosisTraining';
import { seededRandom } from '../../support/wearSimulation';

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);

/** The world of diagnosisRanking.test: our rapid drains are mostly under-inflated tyres, which the knowledge base weighs at 0.1. */
function simulateCases(count: number, seed: number): DatedCase[] {
  const random = seededRandom(seed);
  const cases: DatedCase[] = [];
  for (let i = 0; i < count; i += 1) {
    const roll = random();
    const at = { orderId: i + 1, closedAt: START + i * DAY };
    if (roll < 0.5) cases.push({ ...at, symptoms: ['FAST_DRAIN'], failed: ['TYRE_PRESSURE'] });
    else if (roll < 0.6) cases.push({ ...at, symptoms: ['FAST_DRAIN'], failed: ['BATTERY_SOH'] });
    else if (roll < 0.8) cases.push({ ...at, symptoms: ['BRAKE_NOISE'], failed: ['BRAKE_PADS'] });
    else cases.push({ ...at, symptoms: ['LIGHTS_OUT'], failed: ['LIGHTS'] });
  }
  return cases;
}

describe('the diagnosis evaluation on held-out orders', () => {
  it('holds out the last fifth of the cases by close date and learns from the rest only', () => {
    const cases = simulateCases(500, 7);
    const evaluation = evaluateDiagnosis([...cases].reverse())!;
    expect(evaluation.cutoff).toBe(START + 400 * DAY);
    expect(evaluation.trainedOn).toBe(400);
    expect(evaluation.learned.cases).toBe(100);
    expect(evaluation.knowledgeBase.cases).toBe(100);
  });

  it('reports the learned ranking beating the knowledge base alone where the knowledge base is wrong', () => {
    const evaluation = evaluateDiagnosis(simulateCases(500, 3))!;
    // Held out: ~50 % drains from tyres, ~10 % from batteries, 20 % pads, 20 % lights. The knowledge base ranks the
    // battery first for a drain (right ~1 in 6 of the drains), the learned counts the tyres (right ~5 in 6).
    expect(evaluation.knowledgeBase.top1).toBeGreaterThan(0.3);
    expect(evaluation.knowledgeBase.top1).toBeLessThan(0.6);
    expect(evaluation.learned.top1).toBeGreaterThan(evaluation.knowledgeBase.top1 + 0.3);
    expect(evaluation.learned.top3).toBeGreaterThanOrEqual(evaluation.knowledgeBase.top3);
  });

  it('computes top-1 and top-3 on a hand-checked fixture', () => {
    // 160 cases before the cut-off teach that a drain is the tyres; 40 held out from the cut-off on.
    const taught: DatedCase[] = Array.from({ length: 160 }, (_, i) => ({ orderId: i + 1, closedAt: START + i * DAY, symptoms: ['FAST_DRAIN'], failed: ['TYRE_PRESSURE'] }));
    const heldOut: DatedCase[] = Array.from({ length: 40 }, (_, i) => ({
      orderId: 1000 + i,
      closedAt: START + (160 + i) * DAY,
      symptoms: ['FAST_DRAIN'],
      // 30 tyres, 10 batteries
      failed: [i < 30 ? 'TYRE_PRESSURE' : 'BATTERY_SOH'],
    }));
    const evaluation = evaluateDiagnosis([...taught, ...heldOut])!;
    expect(evaluation.cutoff).toBe(START + 160 * DAY);
    const learnedOrder = rankComponents(['FAST_DRAIN'], learnSymptomEvidence(taught)).ranked.map((result) => result.component);
    const knowledgeOrder = rankComponents(['FAST_DRAIN']).ranked.map((result) => result.component);
    expect(learnedOrder[0]).toBe('TYRE_PRESSURE');
    expect(knowledgeOrder[0]).toBe('BATTERY_SOH');
    expect(knowledgeOrder.slice(0, 3)).toContain('TYRE_PRESSURE');
    expect(learnedOrder.slice(0, 3)).toContain('BATTERY_SOH');
    expect(evaluation.learned).toEqual({ cases: 40, top1: 30 / 40, top3: 1 });
    expect(evaluation.knowledgeBase).toEqual({ cases: 40, top1: 10 / 40, top3: 1 });
  });

  it('gives no evaluation on fewer than the minimum of scored held-out cases', () => {
    expect(evaluateDiagnosis(simulateCases(5 * (MIN_HELD_OUT_CASES - 1), 4))).toBeNull();
    expect(evaluateDiagnosis(simulateCases(5 * MIN_HELD_OUT_CASES, 4))).not.toBeNull();
    expect(evaluateDiagnosis([])).toBeNull();
  });

  it('is the same for the same cases in any order', () => {
    const cases = simulateCases(300, 9);
    expect(trainDiagnosis([...cases].reverse())).toEqual(trainDiagnosis(cases));
  });
});

describe('the learned counts as stored', () => {
  it('learns from every case and reads back as the same counts', () => {
    const cases = simulateCases(200, 5);
    const training = trainDiagnosis(cases);
    expect(training.evidence.cases).toBe(200);
    const restored = evidenceFromStored(JSON.parse(JSON.stringify(training.evidence)));
    expect(restored).toEqual(learnSymptomEvidence(cases));
  });

  it('reads nothing stored as no evidence', () => {
    expect(evidenceFromStored(null).cases).toBe(0);
    expect(storedEvidence(evidenceFromStored(undefined))).toEqual({ cases: 0, failures: {}, withFailure: {}, withSymptom: {} });
  });
});
