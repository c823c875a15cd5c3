import { HORIZON_MONTHS } from '../prediction';

/**
 * The parts demand of a centre's coming appointments (spec predictive.md §4 'Manager'), as a pure function of
 * what partsDemandQueries reads. docs/prediction.md §6 says the same in prose.
 *
 *   demand(P) = Σ over vehicles v, components c inspected at v's first visit in the window that checks c:
 *                 p(v, c)  ×  q(c, pool(v), P)
 *
 * - p(v, c): the chance that c is found failed at that visit. A component found FAIL and not fixed
 *   (NEEDS_ATTENTION_NOW) counts 1. A PREDICTED one is the forecast's probability P₃ of failing between its
 *   last known-good inspection and 3 months from now, taken to the appointment date (visitProbability): the
 *   cumulative hazard is spread evenly in time over that span, so with L the months since the component was
 *   last inspected (since the vehicle was new when never inspected) and d the months until the appointment,
 *
 *       p = 1 − (1 − P₃)^((L + d) / (L + 3))
 *
 *   (exact for a constant hazard at a steady km a month; for wear-out, whose hazard grows, it slightly
 *   overstates early visits and understates late ones). Components without a shown number (too little data,
 *   not better than the fleet rate) count 0: no guess stands in for a model that was refused.
 * - q(c, pool, P): the units of P used per failure of c, from closed orders: Σ (issued − returned) of ISSUED
 *   parts requests linked to a FAIL item of c, ÷ the number of failures of c (orders with a FAIL item looking at
 *   c: the brake service's PADS and the maintenance's BRAKE_PADS on one order are one failure) — failures put
 *   right without a part count in the denominator. Pooled like the models: the vehicle's model family when it has at least
 *   MIN_FAMILY_FAILURES failures of c, else its vehicle type (a scooter's pads never stand in for a car's); with
 *   no past failure of c in either, the component is named in a note (componentsWithoutUsage).
 * - A vehicle booked twice in the window is inspected once for each component (its earliest visit that
 *   checks it): a part put in at the first visit is not needed again at the second.
 *
 * Each product's figure is rounded to one decimal; the suggested receive is
 *   max(0, ⌈demand⌉ + min stock − available)   (⌈⌉ of the rounded figure, so it agrees with what is shown).
 */

export const DAYS_PER_MONTH = 30.436875;
const DAY_MS = 86_400_000;
/** A family's own usage figures need this many failures of the component; below, its vehicle type's. */
export const MIN_FAMILY_FAILURES = 5;
/** Products whose expected demand rounds to 0.0 are not listed. */
const SHOWN_FROM = 0.05;

/** P(found failed at a visit `monthsAhead` from now), from P₃ and the months since it was last known good. */
export function visitProbability(within3Months: number, monthsSinceInspected: number, monthsAhead: number): number {
  if (!(within3Months > 0)) return 0;
  if (within3Months >= 1) return 1;
  const since = Math.max(0, monthsSinceInspected);
  const span = since + HORIZON_MONTHS;
  const share = Math.min(1, Math.max(0, (since + Math.max(0, monthsAhead)) / span));
  return 1 - Math.pow(1 - within3Months, share);
}

export interface DemandVisit {
  appointmentId: number;
  vehicleId: number;
  startsAt: number;
  /** The components the appointment's booked services' checklists look at (checklistComponents). */
  components: ReadonlySet<string>;
}

export interface DemandVehicle {
  id: number;
  family: string;
  type: string;
  /** Vehicle age in months now (the span of a component never inspected). */
  ageMonths: number;
}

export interface DemandForecast {
  component: string;
  status: string;
  /** within3Months.probability of a PREDICTED component. */
  within3Months: number | null;
}

/** Past usage: FAIL counts and parts used per (component, pool). Keys: usageKey(). */
export interface PastUsage {
  failures: ReadonlyMap<string, number>;
  parts: ReadonlyMap<string, ReadonlyMap<number, number>>;
}

export const usageKey = (component: string, level: 'family' | 'type', key: string) => `${component}|${level}|${key}`;

export interface StockFigures {
  onHand: number;
  reserved: number;
  minStock: number;
}

export interface ProductInfo {
  sku: string;
  name: string;
}

export interface DemandInput {
  now: number;
  visits: readonly DemandVisit[];
  vehicles: ReadonlyMap<number, DemandVehicle>;
  forecasts: ReadonlyMap<number, readonly DemandForecast[]>;
  /** When each vehicle's component was last inspected (PASS or FAIL of a closed order), ms; key `${vehicleId}|${component}`. */
  lastInspected: ReadonlyMap<string, number>;
  usage: PastUsage;
  products: ReadonlyMap<number, ProductInfo>;
  stock: ReadonlyMap<number, StockFigures>;
  label: (component: string) => string;
}

export interface DemandRow {
  productId: number;
  sku: string;
  name: string;
  expectedDemand: number;
  components: { code: string; label: string }[];
  appointmentCount: number;
  onHand: number;
  available: number;
  minStock: number;
  suggestedReceive: number;
}

export interface DemandResult {
  items: DemandRow[];
  vehicles: number;
  expectedFailures: number;
  /** Components expected to fail (p > 0) with no past failure in the vehicle's family or type to go on, by label. */
  componentsWithoutUsage: string[];
}

const roundOne = (value: number) => Math.round(value * 10) / 10;

/** Where a vehicle's usage figures come from: its family's with enough failures, else its type's, else none. */
function usagePool(usage: PastUsage, component: string, vehicle: DemandVehicle): { failures: number; parts: ReadonlyMap<number, number> } | null {
  const family = usageKey(component, 'family', vehicle.family);
  const familyFailures = usage.failures.get(family) ?? 0;
  if (familyFailures >= MIN_FAMILY_FAILURES) return { failures: familyFailures, parts: usage.parts.get(family) ?? new Map() };
  const type = usageKey(component, 'type', vehicle.type);
  const typeFailures = usage.failures.get(type) ?? 0;
  if (typeFailures > 0) return { failures: typeFailures, parts: usage.parts.get(type) ?? new Map() };
  return null;
}

export function computePartsDemand(input: DemandInput): DemandResult {
  // Each vehicle's components at its first visit of the window that checks them.
  const firstVisit = new Map<string, DemandVisit>();
  for (const visit of [...input.visits].sort((a, b) => a.startsAt - b.startsAt || a.appointmentId - b.appointmentId)) {
    for (const component of visit.components) {
      const key = `${visit.vehicleId}|${component}`;
      if (!firstVisit.has(key)) firstVisit.set(key, visit);
    }
  }

  const demand = new Map<number, { units: number; components: Set<string>; appointments: Set<number> }>();
  const withoutUsage = new Set<string>();
  let expectedFailures = 0;
  const vehiclesSeen = new Set<number>();
  for (const visit of input.visits) vehiclesSeen.add(visit.vehicleId);

  for (const [vehicleId, forecasts] of input.forecasts) {
    const vehicle = input.vehicles.get(vehicleId);
    if (!vehicle) continue;
    for (const forecast of forecasts) {
      const visit = firstVisit.get(`${vehicleId}|${forecast.component}`);
      if (!visit) continue;
      let p = 0;
      if (forecast.status === 'NEEDS_ATTENTION_NOW') p = 1;
      else if (forecast.status === 'PREDICTED' && forecast.within3Months !== null) {
        const inspected = input.lastInspected.get(`${vehicleId}|${forecast.component}`);
        const since = inspected === undefined ? vehicle.ageMonths : (input.now - inspected) / (DAYS_PER_MONTH * DAY_MS);
        p = visitProbability(forecast.within3Months, since, (visit.startsAt - input.now) / (DAYS_PER_MONTH * DAY_MS));
      }
      if (p <= 0) continue;
      expectedFailures += p;
      const pool = usagePool(input.usage, forecast.component, vehicle);
      // No past failure of c in the vehicle's family or type: nothing to go on (said in a note). Past failures
      // that were all put right without a part (re-inflated, adjusted): the demand is truly none.
      if (!pool) {
        withoutUsage.add(forecast.component);
        continue;
      }
      for (const [productId, units] of pool.parts) {
        if (!input.products.has(productId) || units <= 0) continue;
        const entry = demand.get(productId) ?? { units: 0, components: new Set<string>(), appointments: new Set<number>() };
        entry.units += (p * units) / pool.failures;
        entry.components.add(forecast.component);
        entry.appointments.add(visit.appointmentId);
        demand.set(productId, entry);
      }
    }
  }

  const items: DemandRow[] = [];
  for (const [productId, entry] of demand) {
    if (entry.units < SHOWN_FROM) continue;
    const product = input.products.get(productId)!;
    const stock = input.stock.get(productId) ?? { onHand: 0, reserved: 0, minStock: 0 };
    const expectedDemand = roundOne(entry.units);
    const available = Math.max(0, stock.onHand - stock.reserved);
    items.push({
      productId,
      sku: product.sku,
      name: product.name,
      expectedDemand,
      components: [...entry.components].sort().map((code) => ({ code, label: input.label(code) })),
      appointmentCount: entry.appointments.size,
      onHand: stock.onHand,
      available,
      minStock: stock.minStock,
      suggestedReceive: Math.max(0, Math.ceil(expectedDemand) + stock.minStock - available),
    });
  }
  items.sort((a, b) => b.suggestedReceive - a.suggestedReceive || b.expectedDemand - a.expectedDemand || a.name.localeCompare(b.name, 'vi') || a.productId - b.productId);
  return {
    items,
    vehicles: vehiclesSeen.size,
    expectedFailures: roundOne(expectedFailures),
    componentsWithoutUsage: [...withoutUsage].map(input.label).sort((a, b) => a.localeCompare(b, 'vi')),
  };
}
