import type { Inspection } from '../../../src/modules/prediction/inspectionSteps';
import { backtestCutoff, MIN_BACKTEST_INSPECTIONS, MIN_FAILURES, trainWearModels, type ComponentInspections } from '../../../src/modules/prediction/trainWearModels';
import { seededRandom, simulateFleet } from '../../support/wearSimulation';

function histories(component: string, family: string, vehicleType: string, fleet: Inspection[][]): ComponentInspections[] {
  return fleet.map((inspections) => ({ component, family, vehicleType, inspections }));
}

describe('a training run', () => {
  const truth = { shape: 3, scale: 22, ageing: 0 };
  const data = [
    ...histories('BRAKE_PADS', 'VinFast Feliz S', 'scooter', simulateFleet({ vehicles: 1500, truth, seed: 1 })),
    // A family too small for a model of its own: it shares the scooters' pool.
    ...histories('BRAKE_PADS', 'Yadea Odora', 'scooter', simulateFleet({ vehicles: 3, truth, seed: 2 })),
  ];

  it('fits each family with evidence its own model and pools the others into their type', () => {
    const [brakes] = trainWearModels(data);
    expect(brakes!.component).toBe('BRAKE_PADS');
    expect(brakes!.familyPool).toEqual({
      'VinFast Feliz S': { level: 'family', key: 'VinFast Feliz S' },
      'Yadea Odora': { level: 'type', key: 'scooter' },
    });
    const own = brakes!.models.find((model) => model.level === 'family')!;
    // Every stored model says which clock its life runs on: wear with distance here.
    expect(brakes!.models.map((model) => model.clock)).toEqual(['km', 'km']);
    expect(own.shape).toBeGreaterThan(2.4);
    expect(own.shape).toBeLessThan(3.6);
    expect(own.scale).toBeGreaterThan(19);
    expect(own.scale).toBeLessThan(25);
  });

  it('backtests a wear-out component against the fleet rate, and accepts it only because it is better', () => {
    const [brakes] = trainWearModels(data);
    const { model, baseline, cutoff } = brakes!.backtest!;
    expect(cutoff).toBe(backtestCutoff(data.flatMap((h) => h.inspections.filter((i) => i.result !== 'NA'))));
    expect(model.inspections).toBe(baseline.inspections);
    expect(model.inspections).toBeGreaterThan(1000);
    expect(model.brier).toBeLessThan(baseline.brier);
    expect(model.auc!).toBeGreaterThan(0.75);
    expect(baseline.auc).toBe(0.5);
    expect(brakes!.accepted).toBe(true);
    // Calibrated: in every decile the observed rate is near the predicted one.
    for (const bin of model.calibration) expect(Math.abs(bin.observed - bin.predicted)).toBeLessThan(0.12);
  });

  it('does not accept a component whose failures are not wear (a constant chance at every inspection)', () => {
    const random = seededRandom(99);
    const noWear: ComponentInspections[] = simulateFleet({ vehicles: 1500, truth, seed: 3 }).map((inspections) => ({
      component: 'DASH_LIGHTS',
      family: 'VinFast Feliz S',
      vehicleType: 'scooter',
      inspections: inspections.map((inspection) => {
        const failed = random() < 0.08;
        return { ...inspection, result: failed ? 'FAIL' : 'PASS', repaired: failed };
      }),
    }));
    const [lights] = trainWearModels(noWear);
    expect(lights!.backtest!.model.brier).toBeGreaterThanOrEqual(lights!.backtest!.baseline.brier);
    expect(lights!.accepted).toBe(false);
  });

  it('has no model for a component below the minimum evidence anywhere', () => {
    const few = histories('CHARGE_PORT', 'VinFast VF 8', 'car', simulateFleet({ vehicles: 2, truth, seed: 4 }));
    const [port] = trainWearModels(few);
    expect(port!.models).toEqual([]);
    expect(port!.familyPool).toEqual({});
    expect(port!.accepted).toBe(false);
    expect(few.flatMap((h) => h.inspections).filter((i) => i.result === 'FAIL').length).toBeLessThan(MIN_FAILURES);
  });

  it('does not accept a wear-out component whose backtest holds too few inspections to judge it', () => {
    // Enough for a model (≥ 30 inspections, ≥ 5 failures), too few held out to say it beats the fleet rate.
    // (A component as training keys it: the battery check's CELL_VOLTAGE items are BATTERY_SOH's inspections.)
    const small = histories('BATTERY_SOH', 'VinFast Feliz S', 'scooter', simulateFleet({ vehicles: 40, truth, seed: 5 }));
    const [battery] = trainWearModels(small);
    expect(battery!.models.length).toBeGreaterThan(0);
    expect(battery!.backtest!.model.inspections).toBeLessThan(MIN_BACKTEST_INSPECTIONS);
    expect(battery!.accepted).toBe(false);
  });

    it('is deterministic', () => {
    const small = data.slice(0, 300);
    expect(trainWearModels(small)).toEqual(trainWearModels(small));
  });
});
