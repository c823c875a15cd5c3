/**
 * From a vehicle's inspections to the data of a failure model (spec predictive.md §1).
 *
 * One vehicle's component is inspected at a sequence of (odometer km, age in months); each answer is PASS, FAIL or
 * NA. Its *clock* starts at zero when the vehicle is new and starts again at an inspection where a FAIL was fixed
 * (a part issued for it, or its note says it was replaced). Within one clock (a *spell*) each answered inspection
 * is a **step**: from the last point the component was known good (the previous PASS, or the spell's start) to
 * this inspection, measured from the spell's start, and whether it had failed by now.
 *
 * - PASS: it had not failed by now (right-censored here);
 * - FAIL: it failed somewhere in the step (interval-censored);
 * - NA: no information, no step.
 *
 * A spell's likelihood is the product of its steps' conditional probabilities (P(no failure in the step | good
 * at its start) for a PASS, one minus that for a FAIL), which telescopes to the usual interval-censored
 * likelihood S(L) − S(R) or S(L): so training on the steps before a cut-off date is exactly training on the data
 * known then, and a backtest predicts each later step from its own start. docs/prediction.md has the maths.
 *
 * A FAIL that was not fixed ends the information on that component until something tells us it was: the next
 * PASS starts a new spell there (the repair was somewhere in between, outside our records, and starting the clock
 * at the PASS is the conservative choice); FAILs before that carry no step.
 */

export type InspectionResult = 'PASS' | 'FAIL' | 'NA';

export interface Inspection {
  /** Epoch milliseconds of the inspection (the order's close). */
  at: number;
  odometerKm: number;
  ageMonths: number;
  result: InspectionResult;
  /** A FAIL that was fixed at this visit: the component's clock starts again here. */
  repaired: boolean;
}

/** One step of a spell, in thousands of km and months since the spell's start. */
export interface InspectionStep {
  at: number;
  /** Where the component was last known good (the previous PASS, or 0 at the spell's start). */
  fromKkm: number;
  fromMonths: number;
  /** This inspection. */
  toKkm: number;
  toMonths: number;
  failed: boolean;
}

/** Where a component stands after its last inspection: what a prediction starts from. */
export interface SpellState {
  /** The spell's start (odometer km and age in months): 0/0 when new, else the fixing inspection. */
  startKm: number;
  startAgeMonths: number;
  /** The last point known good, in thousands of km and months since the spell's start. */
  goodKkm: number;
  goodMonths: number;
  /** A FAIL not fixed yet: the component needs attention now, whatever the model says. */
  openFailure: boolean;
}

export interface ComponentHistory {
  steps: InspectionStep[];
  state: SpellState;
}

/** The steps and the current state of one vehicle's component, from its inspections (any order). */
export function inspectionSteps(inspections: readonly Inspection[]): ComponentHistory {
  const ordered = [...inspections].sort((a, b) => a.at - b.at || a.odometerKm - b.odometerKm);
  const steps: InspectionStep[] = [];
  let startKm = 0;
  let startAge = 0;
  let goodKkm = 0;
  let goodMonths = 0;
  let openFailure = false;
  for (const inspection of ordered) {
    if (inspection.result === 'NA') continue;
    const kkm = Math.max(0, (inspection.odometerKm - startKm) / 1000);
    const months = Math.max(0, inspection.ageMonths - startAge);
    if (openFailure) {
      // Failed and not fixed: only a fix or a later PASS starts a new clock.
      if (inspection.result === 'PASS' || inspection.repaired) {
        [startKm, startAge, goodKkm, goodMonths, openFailure] = [inspection.odometerKm, inspection.ageMonths, 0, 0, false];
      }
      continue;
    }
    // An inspection no further on than the last good point tells nothing new (the same visit twice).
    if (kkm <= goodKkm && months <= goodMonths) {
      if (inspection.result === 'FAIL') openFailure = !inspection.repaired;
      if (inspection.result === 'FAIL' && inspection.repaired) [startKm, startAge, goodKkm, goodMonths] = [inspection.odometerKm, inspection.ageMonths, 0, 0];
      continue;
    }
    const failed = inspection.result === 'FAIL';
    steps.push({ at: inspection.at, fromKkm: goodKkm, fromMonths: goodMonths, toKkm: kkm, toMonths: months, failed });
    if (!failed) {
      goodKkm = kkm;
      goodMonths = months;
    } else if (inspection.repaired) {
      [startKm, startAge, goodKkm, goodMonths] = [inspection.odometerKm, inspection.ageMonths, 0, 0];
    } else {
      openFailure = true;
    }
  }
  return { steps, state: { startKm, startAgeMonths: startAge, goodKkm, goodMonths, openFailure } };
}

/** Vehicle age in months at `at`, from its model year (taken as new on 1 July of that year, in UTC). */
export function vehicleAgeMonths(modelYear: number, at: number): number {
  const born = Date.UTC(modelYear, 6, 1);
  return Math.max(0, (at - born) / (30.436875 * 86_400_000));
}
