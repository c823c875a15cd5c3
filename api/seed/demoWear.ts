import { componentOfChecklistCode, vehicleAgeMonths, type WearParameters, SAFETY_CRITICAL_SYMPTOMS, SYMPTOM_LINKS } from '../src/modules/prediction';
import { SYMPTOMS, type SymptomCode } from 'shared-contracts/diagnostics';
import { seededRandom, type Random } from './demoRandom';

/**
 * Wear that behaves like wear, for the demo history (spec predictive.md §7): every checklist answer of the demo's
 * closed service orders comes from a life drawn from the documented parameters below, on the time scale the
 * failure model reads (docs/prediction.md §2):
 *
 *   u = km/1000 + η·months,   life on u ~ Weibull(k, λ):  P(life > u) = exp(−(u/λ)ᵏ)
 *
 * where months is the vehicle's age counted as the model counts it (from 1 July of its model year,
 * inspectionSteps.vehicleAgeMonths). Each vehicle's component gets a life when new and a new one whenever a FAIL
 * is put right; an inspection finds FAIL when u since the last new part has reached the life. A FAIL the customer
 * declines stays failed until the next visit. So the training's maximum-likelihood fit on the demo data should
 * give back these k, λ and η, family by family (api/test/modules/prediction/demoWear.test.ts checks that it does).
 *
 * Where the orders of magnitude come from (rounded; a demo, not a reliability study):
 * - Brake pads, scooters 20–40 thousand km: regenerative braking takes part of the work on electric scooters, whose
 *   disc pads are otherwise changed every 10–20 thousand km on petrol scooters (owner's manuals' "inspect pads
 *   every 4,000 km, replace at the wear line"). Cars 50–100 thousand km: on EVs regeneration does most of the
 *   braking and pads commonly last twice as long as on petrol cars (makers' service schedules inspect them every
 *   20,000 km and replace on condition).
 * - Tyres: scooter rear tyres 12–20 thousand km; car tyres 30–50 thousand km, about a fifth less than on a petrol
 *   car of the same size (weight and instant torque; tyre makers' EV ranges are sold on that point).
 * - Battery state of health (FAIL: SOH below 85 % or cells more than 50 mV apart): fleet studies of EV batteries
 *   (Geotab 2020, about 6,300 vehicles) found about 2 % of capacity lost a year, partly with use (cycles, hence
 *   km) and partly with calendar age; scooter packs, smaller and cycled more often, fade several times faster per
 *   km (cell makers rate 1,000–2,000 cycles to 80 %). Hence a large ageing term η: a month counts as 0.6 thousand
 *   km on a scooter, 2 on a car.
 * - Charge port contacts and seal, wiring: humidity, rain and sun (time) more than use: η of the order of the
 *   monthly km, shapes below 2.
 * - Motor bearings (hub motors 30–60 thousand km), suspension (dampers 25–40 thousand km on scooters).
 * - Faults that are not wear (a bulb, the horn, a loose bolt, a BMS warning, tyre pressure): shape 1, a constant
 *   risk per unit of u — the model can fit them, and the backtest then says whether that beats the fleet rate.
 *
 * The scale λ of the distance-wear rows is multiplied by the model family's factor (FAMILY_WEAR_FACTORS: heavier,
 * more powerful models wear pads and tyres faster), so each family has its own parameters: wearParametersOf.
 */

export type DemoVehicleType = 'scooter' | 'car';

export interface DemoWearRow {
  /** The checklist code (the component) as the services' templates name it. */
  component: string;
  scooter: WearParameters;
  car: WearParameters;
  /** Distance wear: the family's factor scales λ. */
  byFamily: boolean;
  /**
   * How a FAIL is put right: 'replace' (a new part: the note says 'đã thay', which restarts the model's clock) or
   * 'adjust' (re-inflated, tightened, reset: no new part, so the model sees a FAIL not fixed; only shape-1 rows,
   * whose risk does not depend on the part's age, are put right that way).
   */
  fix: 'replace' | 'adjust';
  /** The technician's notes: the FAIL put right, and the FAIL the customer declined. */
  fixedNote: string;
  declinedNote: string;
}

const p = (shape: number, scale: number, ageing: number): WearParameters => ({ shape, scale, ageing });

/** k (shape), λ (scale, thousand km of u) and η (thousand km a month of age counts as), per vehicle type. */
export const DEMO_WEAR: readonly DemoWearRow[] = [
  // component           scooter k, λ, η     car k, λ, η
  { component: 'BRAKE_PADS', scooter: p(3.0, 26, 0), car: p(2.8, 70, 0), byFamily: true, fix: 'replace', fixedNote: 'Má phanh mòn quá vạch giới hạn, đã thay má phanh mới.', declinedNote: 'Má phanh mòn quá vạch giới hạn, khách hẹn thay lần sau.' },
  { component: 'TYRE_WEAR', scooter: p(3.5, 16, 0), car: p(3.2, 42, 0), byFamily: true, fix: 'replace', fixedNote: 'Gai lốp còn dưới 1 mm, đã thay lốp mới.', declinedNote: 'Gai lốp mòn sát giới hạn, khách hẹn thay sau.' },
  { component: 'BATTERY_SOH', scooter: p(2.5, 60, 0.6), car: p(2.5, 300, 2), byFamily: false, fix: 'replace', fixedNote: 'SOH dưới 85 %, chênh lệch cell lớn: đã thay module pin yếu.', declinedNote: 'SOH dưới 85 %, chênh lệch cell lớn: khách chưa thay, theo dõi thêm.' },
  { component: 'CHARGE_PORT', scooter: p(1.8, 40, 0.8), car: p(1.8, 150, 2.5), byFamily: false, fix: 'replace', fixedNote: 'Gioăng cổng sạc chai cứng, tiếp điểm ô-xy hóa: đã thay mới.', declinedNote: 'Gioăng cổng sạc chai cứng, khách hẹn thay sau.' },
  { component: 'MOTOR_NOISE', scooter: p(2.5, 45, 0), car: p(2.5, 220, 0), byFamily: false, fix: 'replace', fixedNote: 'Vòng bi động cơ kêu, có độ rơ: đã thay vòng bi.', declinedNote: 'Vòng bi động cơ bắt đầu kêu, khách hẹn thay sau.' },
  { component: 'SUSPENSION', scooter: p(2.2, 35, 0.1), car: p(2.2, 110, 0.3), byFamily: true, fix: 'replace', fixedNote: 'Giảm xóc chảy dầu, đã thay phớt và dầu giảm xóc.', declinedNote: 'Giảm xóc yếu, khách hẹn thay sau.' },
  { component: 'WIRING', scooter: p(2.0, 120, 1.5), car: p(2.0, 400, 3), byFamily: false, fix: 'replace', fixedNote: 'Giắc nối ô-xy hóa, đã thay giắc và đoạn dây.', declinedNote: 'Giắc nối ô-xy hóa nhẹ, đã vệ sinh, theo dõi thêm.' },
  { component: 'TYRE_PRESSURE', scooter: p(1, 40, 1), car: p(1, 60, 1.5), byFamily: false, fix: 'adjust', fixedNote: 'Lốp non hơi, đã bơm lại đúng áp suất khuyến nghị.', declinedNote: 'Lốp non hơi, đã bơm lại đúng áp suất khuyến nghị.' },
  { component: 'BRAKE_FUNCTION', scooter: p(1, 120, 0.5), car: p(1, 400, 1), byFamily: false, fix: 'adjust', fixedNote: 'Hành trình tay phanh dài, đã chỉnh lại.', declinedNote: 'Hành trình tay phanh dài, đã chỉnh lại.' },
  { component: 'BOLTS', scooter: p(1, 80, 0.2), car: p(1, 400, 0.5), byFamily: false, fix: 'adjust', fixedNote: 'Ốc bắt tay lái lỏng, đã siết lại đúng lực.', declinedNote: 'Ốc bắt tay lái lỏng, đã siết lại đúng lực.' },
  { component: 'BATTERY_LEVEL', scooter: p(1, 250, 2), car: p(1, 500, 4), byFamily: false, fix: 'adjust', fixedNote: 'Điện áp nghỉ thấp, đã sạc cân bằng.', declinedNote: 'Điện áp nghỉ thấp, đã sạc cân bằng.' },
  { component: 'LIGHTS', scooter: p(1, 200, 2), car: p(1, 600, 4), byFamily: false, fix: 'replace', fixedNote: 'Đèn xi-nhan sau không sáng, đã thay bóng.', declinedNote: 'Đèn xi-nhan sau chập chờn, khách hẹn thay sau.' },
  { component: 'HORN', scooter: p(1, 400, 2), car: p(1, 1200, 4), byFamily: false, fix: 'replace', fixedNote: 'Còi rè, đã thay còi mới.', declinedNote: 'Còi rè, khách hẹn thay sau.' },
  { component: 'BMS_LOG', scooter: p(1, 300, 2), car: p(1, 900, 5), byFamily: false, fix: 'adjust', fixedNote: 'BMS ghi lỗi mất cân bằng cell, đã cân bằng và xóa lỗi.', declinedNote: 'BMS ghi lỗi mất cân bằng cell, đã cân bằng và xóa lỗi.' },
  { component: 'CONTROLLER', scooter: p(1, 600, 3), car: p(1, 2000, 8), byFamily: false, fix: 'replace', fixedNote: 'Bộ điều khiển báo lỗi quá nhiệt, đã thay bộ điều khiển.', declinedNote: 'Bộ điều khiển báo lỗi, khách hẹn sửa sau.' },
  { component: 'INSULATION', scooter: p(1, 3000, 10), car: p(1, 3000, 10), byFamily: false, fix: 'replace', fixedNote: 'Điện trở cách điện thấp, đã thay giắc cao áp bị ẩm.', declinedNote: 'Điện trở cách điện thấp, khách hẹn sửa sau.' },
  { component: 'CHARGER_OUTPUT', scooter: p(1.5, 150, 2), car: p(1.5, 400, 4), byFamily: false, fix: 'replace', fixedNote: 'Bộ sạc ra dòng thấp, đã thay bộ sạc.', declinedNote: 'Bộ sạc ra dòng thấp, khách hẹn thay sau.' },
];

/** λ factor of the distance-wear rows by model family (1 = the type's row as written). */
export const FAMILY_WEAR_FACTORS: Readonly<Record<string, number>> = {
  'Evo200': 1.15, // light, 2 kW: kind to pads and tyres
  'Feliz S': 1.0,
  'Klara S': 1.0,
  'Vento S': 0.9,
  'Theon S': 0.85, // the heaviest and most powerful of the scooters
  'VF 3': 1.25, // a mini car
  'VF 5': 1.1,
  'VF e34': 1.0,
  'VF 6': 1.0,
  'VF 7': 0.9,
  'VF 8': 0.8,
  'VF 9': 0.75, // 2.5 t, 300 kW
};

const WEAR_BY_COMPONENT = new Map(DEMO_WEAR.map((row) => [row.component, row]));

/** The component a checklist code looks at, when it is one the table knows (else the item is a procedure step). */
export function wearComponentOf(code: string): string | null {
  const component = componentOfChecklistCode(code);
  return WEAR_BY_COMPONENT.has(component) ? component : null;
}

const parametersCache = new Map<string, WearParameters | null>();

/** The documented parameters of a component on a model family (its type's row, λ scaled by the family's factor). */
export function wearParametersOf(component: string, type: DemoVehicleType, family: string): WearParameters | null {
  const key = `${component}|${type}|${family}`;
  let parameters = parametersCache.get(key);
  if (parameters === undefined) {
    const row = WEAR_BY_COMPONENT.get(component);
    parameters = row ? { ...row[type], scale: row[type].scale * (row.byFamily ? (FAMILY_WEAR_FACTORS[family] ?? 1) : 1) } : null;
    parametersCache.set(key, parameters);
  }
  return parameters;
}

export const MONTH_MS = 30.436875 * 86_400_000;
/** Share of a component's answers that are NA (not looked at this time). */
const NOT_APPLICABLE = 0.02;
/** Share of FAILs of a 'replace' component the customer declines (put right at a later visit). */
export const DECLINED_SHARE = 0.15;

/** Who a demo vehicle is: its model, year, purchase and how much it is ridden. */
export interface DemoVehicleProfile {
  type: DemoVehicleType;
  family: string;
  modelYear: number;
  boughtAt: number;
  /** Median km a month (each stretch between visits varies around it). */
  kmPerMonth: number;
}

/** A standard normal draw (Box–Muller). */
function normal(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
}

/**
 * A vehicle last seen at `lastVisitAt`: bought 3 to 48 months before (younger ones more often: the fleet grows),
 * ridden a log-normal km a month around 750 (scooters: ≈ 25 km a day) or 1,300 (cars).
 */
export function demoVehicleProfile(random: Random, type: DemoVehicleType, family: string, lastVisitAt: number): DemoVehicleProfile {
  const monthsOwned = 3 + 45 * Math.pow(random.next(), 1.4);
  const boughtAt = lastVisitAt - monthsOwned * MONTH_MS;
  const bought = new Date(boughtAt);
  // Bought in the first months of a year, often still the previous year's model.
  const modelYear = bought.getUTCFullYear() - (bought.getUTCMonth() < 3 && random.chance(0.4) ? 1 : 0);
  const median = type === 'scooter' ? 750 : 1300;
  return { type, family, modelYear, boughtAt, kmPerMonth: Math.round(median * Math.exp(0.45 * normal(random))) };
}

/**
 * The vehicle's earlier visits, before `before`: the first 1 to 3 months after purchase, then every 2.5 to 7
 * months (basic care every 3 months or 3,000 km, the advanced one every 6, and owners who skip one).
 */
export function earlierVisitTimes(random: Random, profile: DemoVehicleProfile, before: number): number[] {
  const times: number[] = [];
  for (let at = profile.boughtAt + (1 + 2 * random.next()) * MONTH_MS; at < before; at += (2.5 + 4.5 * random.next()) * MONTH_MS) times.push(at);
  return times;
}

export interface DemoFinding {
  code: string;
  result: 'PASS' | 'FAIL' | 'NA';
  note: string | null;
  /** The component looked at (null: a procedure step). */
  component: string | null;
  /** A FAIL put right with a new part at this visit (the note says 'đã thay'). */
  replaced: boolean;
  /** A FAIL of a part to replace that the customer declined (put right at a later visit). */
  declined: boolean;
}

interface ComponentState {
  life: number;
  startKkm: number;
  startMonths: number;
  /** Found FAIL and declined: still failed. */
  failed: boolean;
}

/**
 * One vehicle's components through its visits, in time order: odometers from its usage (each stretch ridden at
 * its median rate times a log-normal factor), and each visit's checklist answered from the components' lives.
 */
export class DemoWearVehicle {
  private readonly states = new Map<string, ComponentState>();
  private lastAt: number;
  private lastKm = 0;

  constructor(
    readonly profile: DemoVehicleProfile,
    private readonly random: Random,
  ) {
    this.lastAt = profile.boughtAt;
  }

  get odometerKm(): number {
    return this.lastKm;
  }

  /** Rides on to `at` and returns the odometer then. */
  rideTo(at: number): number {
    const months = Math.max(0, (at - this.lastAt) / MONTH_MS);
    this.lastKm += Math.round(this.profile.kmPerMonth * months * Math.exp(0.25 * normal(this.random)));
    this.lastAt = Math.max(this.lastAt, at);
    return this.lastKm;
  }

  private lifeOf(parameters: WearParameters): number {
    return parameters.scale * Math.pow(-Math.log(1 - this.random.next()), 1 / parameters.shape);
  }

  private state(component: string, parameters: WearParameters): ComponentState {
    let state = this.states.get(component);
    if (!state) {
      state = { life: this.lifeOf(parameters), startKkm: 0, startMonths: 0, failed: false };
      this.states.set(component, state);
    }
    return state;
  }

  /**
   * Answers the checklist codes at a visit at `at` (after rideTo). `mayDecline`: whether a FAIL may be left for
   * later (the customer's choice); a FAIL already declined once is put right now.
   */
  inspect(at: number, codes: readonly string[], options: { mayDecline?: boolean } = {}): DemoFinding[] {
    const kkm = this.lastKm / 1000;
    const months = vehicleAgeMonths(this.profile.modelYear, at);
    const seen = new Map<string, DemoFinding['result']>();
    const findings: DemoFinding[] = [];
    const repairs: Array<{ state: ComponentState; parameters: WearParameters }> = [];
    for (const code of codes) {
      const component = wearComponentOf(code);
      const parameters = component ? wearParametersOf(component, this.profile.type, this.profile.family) : null;
      if (!component || !parameters) {
        findings.push({ code, result: 'PASS', note: null, component: null, replaced: false, declined: false });
        continue;
      }
      const row = WEAR_BY_COMPONENT.get(component)!;
      const state = this.state(component, parameters);
      const known = seen.get(component);
      if (known === undefined && this.random.chance(NOT_APPLICABLE)) {
        findings.push({ code, result: 'NA', note: null, component, replaced: false, declined: false });
        continue;
      }
      const u = kkm - state.startKkm + parameters.ageing * (months - state.startMonths);
      const failed = known === 'FAIL' || (known === undefined && (state.failed || u >= state.life));
      if (!failed) {
        seen.set(component, 'PASS');
        findings.push({ code, result: 'PASS', note: null, component, replaced: false, declined: false });
        continue;
      }
      if (known === 'FAIL') {
        const first = findings.find((finding) => finding.component === component && finding.result === 'FAIL')!;
        findings.push({ code, result: 'FAIL', note: first.note, component, replaced: first.replaced, declined: first.declined });
        continue;
      }
      seen.set(component, 'FAIL');
      const declined = row.fix === 'replace' && !state.failed && options.mayDecline !== false && this.random.chance(DECLINED_SHARE);
      if (declined) {
        state.failed = true;
        findings.push({ code, result: 'FAIL', note: row.declinedNote, component, replaced: false, declined: true });
      } else {
        repairs.push({ state, parameters });
        findings.push({ code, result: 'FAIL', note: row.fixedNote, component, replaced: row.fix === 'replace', declined: false });
      }
    }
    for (const { state, parameters } of repairs) Object.assign(state, { life: this.lifeOf(parameters), startKkm: kkm, startMonths: months, failed: false });
    return findings;
  }
}

export function wearVehicleFor(key: string, profile: DemoVehicleProfile): DemoWearVehicle {
  return new DemoWearVehicle(profile, seededRandom(`wear|${key}`));
}

const SYMPTOM_LABELS = new Map<string, string>(SYMPTOMS.map((symptom) => [symptom.code, symptom.label]));
/** P(an owner mentions a symptom anyway): the knowledge base's background, kept for the symptoms an owner notices casually. */
const BACKGROUND = 0.004;
const CASUAL_SYMPTOMS: readonly SymptomCode[] = ['FAST_DRAIN', 'RANGE_DROP', 'SLOW_CHARGING', 'VIBRATION', 'MOTOR_NOISE', 'BRAKE_NOISE', 'TYRE_LOW'];

/**
 * The symptoms of a safety-critical kind come to us by the rescue line more than by a booked visit: at this
 * fraction of their link's weight on the demo's routine orders.
 */
const SAFETY_CRITICAL_SHARE = 0.2;

/**
 * The symptoms an owner reports for a visit's findings, from the knowledge base: each failed component's links
 * fire with their weight (P(owner reports s | c failed); safety-critical ones at SAFETY_CRITICAL_SHARE of it), and
 * now and then a casual mention with nothing behind it.
 */
export function symptomsFor(random: Random, findings: readonly DemoFinding[]): SymptomCode[] {
  const failed = new Set(findings.filter((finding) => finding.result === 'FAIL' && finding.component).map((finding) => finding.component!));
  const reported = new Set<SymptomCode>();
  for (const link of SYMPTOM_LINKS) {
    if (!failed.has(link.component)) continue;
    const weight = SAFETY_CRITICAL_SYMPTOMS.has(link.symptom) ? link.weight * SAFETY_CRITICAL_SHARE : link.weight;
    if (random.chance(weight)) reported.add(link.symptom);
  }
  for (const symptom of CASUAL_SYMPTOMS) if (random.chance(BACKGROUND)) reported.add(symptom);
  return [...reported];
}

/** The customer's concern on the order, in words, from the symptoms reported. */
export function concernOf(symptoms: readonly SymptomCode[]): string | null {
  if (symptoms.length === 0) return null;
  const labels = symptoms.map((code) => SYMPTOM_LABELS.get(code) ?? code);
  const text = labels.join(', ');
  return `${text.charAt(0)}${text.slice(1).toLowerCase()}.`;
}
