import type { SymptomCode } from 'shared-contracts/diagnostics';
import { learnSymptomEvidence, NO_EVIDENCE, rankComponents, rankingAccuracy, type LabelledCase } from '../../../src/modules/prediction/diagnosisRanking';
import { SAFETY_CRITICAL_SYMPTOMS, SYMPTOM_LINKS } from '../../../src/modules/prediction/knowledgeBase';
import { seededRandom } from '../../support/wearSimulation';

describe('ranking from the knowledge base alone', () => {
  it('puts the pads first for a noise when braking, with the link, its source and no past cases as reasons', () => {
    const { safety, ranked } = rankComponents(['BRAKE_NOISE']);
    expect(safety).toBeNull();
    expect(ranked.map((result) => result.component)).toEqual(['BRAKE_PADS', 'BRAKE_FUNCTION']);
    expect(ranked[0]).toMatchObject({ label: 'Má phanh', serviceSlug: 'bao-duong-phanh', urgency: 'SOON' });
    expect(ranked[0]!.reasons).toEqual([
      { symptom: 'BRAKE_NOISE', label: 'Tiếng kêu khi phanh', weight: 0.6, source: expect.stringContaining('sổ tay'), pastCases: 0 },
    ]);
    expect(ranked[0]!.probability).toBeGreaterThan(ranked[1]!.probability);
    expect(ranked[0]!.probability).toBeLessThan(1);
  });

  it('combines symptoms: a second symptom decides between the port and the charger', () => {
    const alone = rankComponents(['NOT_CHARGING']).ranked;
    expect(alone.slice(0, 2).map((result) => result.component).sort()).toEqual(['CHARGER_OUTPUT', 'CHARGE_PORT']);
    const wet = rankComponents(['NOT_CHARGING', 'WATER_IN_PORT']).ranked;
    expect(wet[0]!.component).toBe('CHARGE_PORT');
    expect(wet[0]!.reasons.map((reason) => reason.symptom)).toEqual(['NOT_CHARGING', 'WATER_IN_PORT']);
    expect(wet[0]!.probability).toBeGreaterThan(alone.find((result) => result.component === 'CHARGE_PORT')!.probability);
    const deadCharger = rankComponents(['NOT_CHARGING', 'CHARGER_FAULT']).ranked;
    expect(deadCharger[0]!.component).toBe('CHARGER_OUTPUT');
  });

  it('lets the vehicle’s own failure prediction move a component up', () => {
    const plain = rankComponents(['VIBRATION']).ranked.map((result) => result.component);
    const wornShocks = rankComponents(['VIBRATION'], NO_EVIDENCE, new Map([['SUSPENSION', 0.5]])).ranked.map((result) => result.component);
    expect(plain[0]).toBe('TYRE_WEAR');
    expect(wornShocks[0]).toBe('SUSPENSION');
  });

  it('lists no component for no symptom, and at most five', () => {
    expect(rankComponents([]).ranked).toEqual([]);
    expect(rankComponents(['FAST_DRAIN', 'RANGE_DROP', 'VIBRATION', 'MOTOR_ERROR', 'LIGHTS_OUT', 'TYRE_LOW']).ranked).toHaveLength(5);
  });
});

describe('safety first', () => {
  it.each([...SAFETY_CRITICAL_SYMPTOMS])('%s answers stop, do not charge, call for rescue, before the ranking', (symptom) => {
    const { safety } = rankComponents(['BRAKE_NOISE', symptom]);
    expect(safety).toEqual({ message: 'Dừng xe, không sạc, gọi cứu hộ', hotline: expect.stringMatching(/^\d{4} \d{4}$/), symptoms: [symptom] });
  });

  it('covers brakes failing, battery heat or smoke, a high-voltage warning and water in the battery', () => {
    expect([...SAFETY_CRITICAL_SYMPTOMS].sort()).toEqual(['BATTERY_HOT', 'BRAKE_FAILURE', 'HV_WARNING', 'SMOKE_OR_BURNING', 'WATER_IN_BATTERY']);
  });
});

describe('learning from our closed orders', () => {
  /**
   * A world where the knowledge base is partly wrong: in our centres, rapid battery drain is mostly under-inflated
   * tyres (weight 0.1 in the knowledge base), and batteries rarely.
   */
  function simulateCases(count: number, seed: number): LabelledCase[] {
    const random = seededRandom(seed);
    const cases: LabelledCase[] = [];
    for (let i = 0; i < count; i += 1) {
      const roll = random();
      if (roll < 0.5) cases.push({ symptoms: ['FAST_DRAIN'], failed: ['TYRE_PRESSURE'] });
      else if (roll < 0.6) cases.push({ symptoms: ['FAST_DRAIN'], failed: ['BATTERY_SOH'] });
      else if (roll < 0.8) cases.push({ symptoms: ['BRAKE_NOISE'], failed: ['BRAKE_PADS'] });
      else cases.push({ symptoms: [], failed: ['LIGHTS'] });
    }
    return cases;
  }

  it('counts the cases', () => {
    const evidence = learnSymptomEvidence([
      { symptoms: ['FAST_DRAIN', 'RANGE_DROP'], failed: ['BATTERY_SOH'] },
      { symptoms: ['FAST_DRAIN'], failed: ['TYRE_PRESSURE', 'BATTERY_SOH'] },
      { symptoms: [], failed: ['LIGHTS'] },
    ]);
    expect(evidence.cases).toBe(3);
    expect(evidence.failures.get('BATTERY_SOH')).toBe(2);
    expect(evidence.withSymptom.get('FAST_DRAIN')).toBe(2);
    expect(evidence.withFailure.get('FAST_DRAIN|BATTERY_SOH')).toBe(2);
    expect(evidence.withFailure.get('RANGE_DROP|TYRE_PRESSURE')).toBeUndefined();
  });

  it('moves its ranking towards what our technicians found, and beats the knowledge base alone on held-out orders', () => {
    const training = simulateCases(600, 1);
    const heldOut = simulateCases(300, 2);
    const evidence = learnSymptomEvidence(training);
    const learned = rankComponents(['FAST_DRAIN'], evidence).ranked;
    expect(learned[0]!.component).toBe('TYRE_PRESSURE');
    expect(learned[0]!.reasons[0]!.pastCases).toBeGreaterThan(250);
    expect(rankComponents(['FAST_DRAIN']).ranked[0]!.component).toBe('BATTERY_SOH');

    const withData = rankingAccuracy(heldOut, (symptoms) => rankComponents(symptoms, evidence));
    const knowledgeOnly = rankingAccuracy(heldOut, (symptoms) => rankComponents(symptoms));
    expect(withData.cases).toBe(knowledgeOnly.cases);
    expect(withData.top1).toBeGreaterThan(knowledgeOnly.top1 + 0.3);
    expect(withData.top3).toBeGreaterThanOrEqual(knowledgeOnly.top3);
  });
});

describe('ranking accuracy', () => {
  it('counts a hit when a listed component is one found failed; cases without symptoms or failures are left out', () => {
    const rank = (symptoms: readonly SymptomCode[]) => rankComponents(symptoms);
    const accuracy = rankingAccuracy(
      [
        { symptoms: ['BRAKE_NOISE'], failed: ['BRAKE_PADS'] }, // top-1
        { symptoms: ['BRAKE_NOISE'], failed: ['BRAKE_FUNCTION'] }, // second: top-3 only
        { symptoms: ['BRAKE_NOISE'], failed: ['LIGHTS'] }, // miss
        { symptoms: [], failed: ['LIGHTS'] }, // not scored
        { symptoms: ['LIGHTS_OUT'], failed: [] }, // not scored
      ],
      rank,
    );
    expect(accuracy).toEqual({ cases: 3, top1: 1 / 3, top3: 2 / 3 });
  });
});

describe('the knowledge base', () => {
  it('links only known components, with weights in (0, 1) and a source', () => {
    for (const link of SYMPTOM_LINKS) {
      expect(link.weight).toBeGreaterThan(0);
      expect(link.weight).toBeLessThan(1);
      expect(link.source).toMatch(/\S/);
    }
  });
});
