import { computePartsDemand, MIN_FAMILY_FAILURES, usageKey, visitProbability, type DemandInput, type DemandVisit } from '../../../src/modules/partsDemand/partsDemandWork';

const DAY_MS = 86_400_000;
const MONTH_MS = 30.436875 * DAY_MS;
const NOW = Date.parse('2026-11-19T01:00:00.000Z');

describe('visitProbability: the 3-month chance taken to the visit’s date', () => {
  it('spreads the cumulative hazard evenly over [last inspected, now + 3 months]', () => {
    // inspected 3 months ago, visit in 1.5 months: share (3 + 1.5) / (3 + 3) = 0.75 of H = −ln(1 − 0.36)
    expect(visitProbability(0.36, 3, 1.5)).toBeCloseTo(1 - Math.pow(0.64, 0.75), 12);
    // inspected today and the visit today: nothing has had time to wear
    expect(visitProbability(0.5, 0, 0)).toBe(0);
    // the visit at the 3-month horizon is the forecast itself
    expect(visitProbability(0.42, 7, 3)).toBeCloseTo(0.42, 12);
    // a long-uninspected component carries most of its risk already
    expect(visitProbability(0.6, 60, 0)).toBeGreaterThan(0.57);
  });

  it('keeps its bounds', () => {
    expect(visitProbability(0, 10, 1)).toBe(0);
    expect(visitProbability(Number.NaN, 10, 1)).toBe(0);
    expect(visitProbability(1, 0, 0)).toBe(1);
    expect(visitProbability(0.3, -5, -1)).toBe(0);
    expect(visitProbability(0.3, 2, 10)).toBeCloseTo(0.3, 12);
  });
});

describe('computePartsDemand', () => {
  const visit = (appointmentId: number, vehicleId: number, days: number, components: string[]): DemandVisit => ({
    appointmentId,
    vehicleId,
    startsAt: NOW + days * DAY_MS,
    components: new Set(components),
  });

  function input(overrides: Partial<DemandInput> = {}): DemandInput {
    return {
      now: NOW,
      visits: [visit(1, 10, 2, ['BRAKE_PADS', 'HORN']), visit(2, 11, 5, ['BRAKE_PADS'])],
      vehicles: new Map([
        [10, { id: 10, family: 'Feliz S', type: 'scooter', ageMonths: 20 }],
        [11, { id: 11, family: 'Evo200', type: 'scooter', ageMonths: 20 }],
      ]),
      forecasts: new Map([
        [10, [{ component: 'BRAKE_PADS', status: 'NEEDS_ATTENTION_NOW', within3Months: null }, { component: 'HORN', status: 'INSUFFICIENT_DATA', within3Months: null }]],
        [11, [{ component: 'BRAKE_PADS', status: 'NEEDS_ATTENTION_NOW', within3Months: null }]],
      ]),
      lastInspected: new Map(),
      usage: {
        failures: new Map([
          [usageKey('BRAKE_PADS', 'family', 'Feliz S'), MIN_FAMILY_FAILURES],
          [usageKey('BRAKE_PADS', 'type', 'scooter'), 10],
        ]),
        parts: new Map([
          [usageKey('BRAKE_PADS', 'family', 'Feliz S'), new Map([[100, 5]])],
          [usageKey('BRAKE_PADS', 'type', 'scooter'), new Map([[100, 5], [200, 4]])],
        ]),
      },
      products: new Map([
        [100, { sku: 'PAD-FS', name: 'Má phanh Feliz S' }],
        [200, { sku: 'PAD-EVO', name: 'Má phanh Evo200' }],
      ]),
      stock: new Map([[100, { onHand: 4, reserved: 1, minStock: 2 }]]),
      label: (code) => ({ BRAKE_PADS: 'Má phanh', HORN: 'Còi' })[code] ?? code,
      ...overrides,
    };
  }

  it('uses the family’s usage with enough failures, else the vehicle type’s', () => {
    const result = computePartsDemand(input());
    // vehicle 10 (Feliz S, 5 failures): 1 × 5/5 of product 100; vehicle 11 (Evo200, none): the scooters' 5/10 of 100 and 4/10 of 200
    expect(result.items).toEqual([
      { productId: 100, sku: 'PAD-FS', name: 'Má phanh Feliz S', expectedDemand: 1.5, components: [{ code: 'BRAKE_PADS', label: 'Má phanh' }], appointmentCount: 2, onHand: 4, available: 3, minStock: 2, suggestedReceive: 1 },
      { productId: 200, sku: 'PAD-EVO', name: 'Má phanh Evo200', expectedDemand: 0.4, components: [{ code: 'BRAKE_PADS', label: 'Má phanh' }], appointmentCount: 1, onHand: 0, available: 0, minStock: 0, suggestedReceive: 1 },
    ]);
    expect(result).toMatchObject({ vehicles: 2, expectedFailures: 2, componentsWithoutUsage: [] });
  });

  it('inspects a vehicle booked twice once per component, at its first visit that checks it', () => {
    const result = computePartsDemand(input({ visits: [visit(3, 10, 9, ['BRAKE_PADS']), visit(1, 10, 2, ['HORN']), visit(2, 11, 5, ['BRAKE_PADS'])] }));
    const pads = result.items.find((item) => item.productId === 100)!;
    expect(pads.expectedDemand).toBe(1.5);
    expect(pads.appointmentCount).toBe(2);
    // the second visit of vehicle 10 checks BRAKE_PADS: it is the one counted
    const again = computePartsDemand(input({ visits: [visit(1, 10, 2, ['BRAKE_PADS']), visit(3, 10, 9, ['BRAKE_PADS'])] }));
    expect(again.items.map((item) => [item.productId, item.expectedDemand, item.appointmentCount])).toEqual([[100, 1, 1]]);
  });

  it('counts nothing for a component the visit does not check, nor for one without a shown number', () => {
    const result = computePartsDemand(
      input({
        visits: [visit(1, 10, 2, ['HORN'])],
        forecasts: new Map([[10, [{ component: 'BRAKE_PADS', status: 'NEEDS_ATTENTION_NOW', within3Months: null }, { component: 'HORN', status: 'NOT_BETTER_THAN_BASELINE', within3Months: null }]]]),
      }),
    );
    expect(result).toMatchObject({ items: [], expectedFailures: 0, componentsWithoutUsage: [] });
  });

  it('names the failing components without past usage, and hides products rounding to 0.0', () => {
    const result = computePartsDemand(
      input({
        visits: [visit(1, 10, 0, ['BRAKE_PADS', 'HORN'])],
        lastInspected: new Map([['10|BRAKE_PADS', NOW]]),
        forecasts: new Map([[10, [{ component: 'BRAKE_PADS', status: 'PREDICTED', within3Months: 0.1 }, { component: 'HORN', status: 'PREDICTED', within3Months: 0.5 }]]]),
      }),
    );
    // BRAKE_PADS inspected just now and visited now: p = 0 (nothing listed); HORN never inspected (20 months): p = 1 − 0.5^(20/23) ≈ 0.45, no usage
    expect(result.items).toEqual([]);
    expect(result.componentsWithoutUsage).toEqual(['Còi']);
    expect(result.expectedFailures).toBe(0.5);

    const small = computePartsDemand(
      input({
        visits: [visit(1, 10, 1, ['BRAKE_PADS'])],
        lastInspected: new Map([['10|BRAKE_PADS', NOW - 0.5 * MONTH_MS]]),
        forecasts: new Map([[10, [{ component: 'BRAKE_PADS', status: 'PREDICTED', within3Months: 0.05 }]]]),
      }),
    );
    // p = 1 − 0.95^((0.5 + 1/30.4) / 3.5) ≈ 0.008 units: below 0.05
    expect(small.items).toEqual([]);
  });

  it('rounds up the shown figure for the suggested receive, never below 0', () => {
    const result = computePartsDemand(
      input({
        stock: new Map([
          [100, { onHand: 30, reserved: 2, minStock: 5 }],
          [200, { onHand: 1, reserved: 1, minStock: 3 }],
        ]),
      }),
    );
    // 100: ⌈1.5⌉ + 5 − 28 < 0 → 0; 200: ⌈0.4⌉ + 3 − 0 = 4
    expect(result.items.map((item) => [item.productId, item.available, item.suggestedReceive])).toEqual([
      [200, 0, 4],
      [100, 28, 0],
    ]);
  });

  it('leaves out products no longer sold', () => {
    const result = computePartsDemand(input({ products: new Map([[100, { sku: 'PAD-FS', name: 'Má phanh Feliz S' }]]) }));
    expect(result.items.map((item) => item.productId)).toEqual([100]);
  });
});
