import type { Inspection } from '../../src/modules/prediction/inspectionSteps';
import { clockOf, type WearParameters } from '../../src/modules/prediction/wearModel';
import { seededRandom } from './seededRandom';

export { seededRandom } from './seededRandom';

export interface SimulatedFleetOptions {
  vehicles: number;
  truth: WearParameters;
  seed: number;
  /** Months the fleet is followed (default 48). */
  months?: number;
  /** Share of answers that are NA (default 0.05). */
  notApplicable?: number;
  /** Share of FAILs that are not fixed at the visit (default 0). */
  unfixed?: number;
}

const MONTH_MS = 30.436875 * 86_400_000;

/**
 * A fleet whose component lives are drawn from the model itself: each vehicle drives r thousand km a month
 * (log-normal around 0.6, so usage varies by vehicle and km and age can be told apart), the component's life on
 * its clock (u = km/1000 + η·months; u = months on the 'age' clock) is Weibull(k, λ), and it is inspected every
 * 2 to 7 months; a FAIL is fixed at the visit (a new life starts there) unless drawn unfixed.
 */
export function simulateFleet(options: SimulatedFleetOptions): Inspection[][] {
  const random = seededRandom(options.seed);
  const { shape, scale, ageing } = options.truth;
  const months = options.months ?? 48;
  const weibull = () => scale * Math.pow(-Math.log(1 - random()), 1 / shape);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const fleet: Inspection[][] = [];
  for (let v = 0; v < options.vehicles; v += 1) {
    const rate = 0.6 * Math.exp(0.5 * normal());
    const speed = clockOf(options.truth) === 'age' ? 1 : rate + ageing; // u per month
    let lifeEndsAt = weibull() / speed; // months since the spell's start
    let spellStart = 0;
    const inspections: Inspection[] = [];
    for (let t = 2 + 5 * random(); t <= months; t += 2 + 5 * random()) {
      const at = Date.UTC(2022, 0, 1) + t * MONTH_MS;
      const odometerKm = Math.round(rate * t * 1000);
      if (random() < (options.notApplicable ?? 0.05)) {
        inspections.push({ at, odometerKm, ageMonths: t, result: 'NA', repaired: false });
        continue;
      }
      const failed = t - spellStart >= lifeEndsAt;
      const repaired = failed && random() >= (options.unfixed ?? 0);
      inspections.push({ at, odometerKm, ageMonths: t, result: failed ? 'FAIL' : 'PASS', repaired });
      if (repaired) {
        spellStart = t;
        lifeEndsAt = weibull() / speed;
      }
    }
    fleet.push(inspections);
  }
  return fleet;
}
