import { vietnamDateOf, vietnamInstant } from 'shared-contracts/schemas';
import { toNumber } from '../src/db/portable';
import { occupiedSteps } from '../src/modules/bookings';
import type { PlannedInspection, StockPart } from './demoFleet';
import { CAR_MODELS, licensePlate, mobileNumber, SCOOTER_MODELS, seededRandom, vietnameseName, type Random } from './demoRandom';

/**
 * The plan of the demo history's centre-days (no database access): who came to each centre on each day, what they
 * booked, when each step of the visit happened, the extra part a visit asked for, and the appointments that never
 * reached the floor. Every figure comes from the PRNG of the centre and the date (`<slug>|<date>`), drawn in a
 * fixed order, so the same days give the same rows on every database and every run.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const PROVINCE_CODES: Record<string, string> = { 'Hà Nội': '30', 'TP. Hồ Chí Minh': '51', 'Đà Nẵng': '43', 'Hải Phòng': '15', 'Cần Thơ': '65' };
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** What a customer asks for when they report no symptom (a reported one becomes the concern: demoFleet.concernFor). */
const CONCERNS = ['Bảo dưỡng định kỳ theo lịch.', 'Kiểm tra tổng quát sau mùa mưa.', 'Xe chạy bình thường, kiểm tra theo sổ bảo dưỡng.', 'Kiểm tra trước chuyến đi xa.', 'Bảo dưỡng định kỳ theo lịch.', null, null];
const CANCEL_REASONS = ['Khách bận việc đột xuất.', 'Khách đổi lịch sang tuần sau.', 'Khách đã sửa ở nơi khác.'];

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const weekday = (date: string) => new Date(`${date}T00:00:00.000Z`).getUTCDay();

export interface HistoryCentre {
  id: number;
  slug: string;
  city: string;
  open_time: string;
  close_time: string;
  service_bays: number;
}

/** An active service as the plan books it (its vehicle types parsed). */
export interface HistoryService {
  id: number;
  slug: string;
  name: string;
  price: number;
  duration_minutes: number;
  types: string[];
}

export interface ServiceLine {
  id: number;
  slug: string;
  name: string;
  price: number;
  minutes: number;
}

/** The customer and vehicle of a visit (a guest's until the fleet gives it an owner). */
export interface Visitor {
  type: 'car' | 'scooter';
  model: string;
  plate: string;
  name: string;
  phone: string;
}

/** An extra-work parts request of a visit: the part, whether the customer approved it, and when. */
export interface ExtraPart {
  productId: number;
  name: string;
  price: number;
  quantity: number;
  approved: boolean;
  returned: number;
  requested: number;
  decided: number;
  reason?: string;
  itemCode?: string;
}

/** A visit that went the whole way: appointment COMPLETED, service order CLOSED, invoice PAID. */
export interface DayOrder {
  centreId: number;
  technicianId: number;
  bayNo: number;
  staffId: number | null;
  appointmentCode: string;
  orderCode: string;
  invoiceCode: string;
  who: Visitor;
  lines: ServiceLine[];
  start: number;
  standard: number;
  booked: number;
  opened: number;
  started: number;
  done: number;
  issued: number;
  paid: number;
  method: 'CASH' | 'VIETQR';
  odometer: number;
  concern: string | null;
  part: ExtraPart | null;
  /** The visit's answered checklist and symptoms (demoFleet.planFleet), and the registered owner and vehicle (null: a guest's). */
  inspection?: PlannedInspection;
  owner?: { userId: number; vehicleId: number } | null;
}

/** An appointment of the day that did not come to the floor: CANCELLED (no slot held) or NO_SHOW. */
export interface MissedAppointment {
  centreId: number;
  code: string;
  who: Visitor;
  lines: ServiceLine[];
  start: number;
  minutes: number;
  status: 'CANCELLED' | 'NO_SHOW';
  created: number;
  changed: number;
  reason: string | null;
  staffId: number | null;
}

/** What the plan draws from: the centres, their technicians and front desk, the services, the stock, the days already held. */
export interface DayPlanSetting {
  centres: readonly HistoryCentre[];
  technicians: ReadonlyMap<number, ReadonlyArray<{ id: number }>>;
  services: readonly HistoryService[];
  staffOf: (centreId: number) => number | null;
  stockOf: (centreId: number) => readonly StockPart[];
  /** `<centre id>|<date>` of the days that already hold appointments. */
  busy: ReadonlySet<string>;
}

export interface HistoryPlan {
  orders: DayOrder[];
  missed: MissedAppointment[];
  /** Booked bays per `<centre id>|<slot step>`. */
  slots: Map<string, number>;
  centreDays: number;
  /** The codes drawn so far; the earlier visits draw theirs against the same set. */
  usedCodes: Set<string>;
}

/** One centre's day being planned: its PRNG, its bays' occupancy, and what it draws from. */
interface CentreDay {
  centre: HistoryCentre;
  date: string;
  random: Random;
  occupancy: Map<string, number>;
  close: number;
  province: string;
  staffId: number | null;
  stock: readonly StockPart[];
  services: readonly HistoryService[];
}

/** A code of the history: prefix, local yymmdd of `at`, then a suffix drawn from the day's PRNG. */
export function historyCode(prefix: string, at: Date, random: Random, length: number, used: Set<string>): string {
  for (;;) {
    let suffix = '';
    for (let index = 0; index < length; index += 1) suffix += CODE_ALPHABET[random.int(0, CODE_ALPHABET.length - 1)];
    const code = `${prefix}${vietnamDateOf(at).replace(/-/g, '').slice(2)}${suffix}`;
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
}

/** The shift of the technician at `index` of the centre: early ones from opening, late ones up to closing (8 h, inside opening hours). */
export function demoShiftOf(index: number, openTime: string, closeTime: string): { start: string; end: string } {
  const open = minutesOf(openTime);
  const close = minutesOf(closeTime);
  const length = Math.min(8 * 60, close - open);
  const start = index % 2 === 0 ? open : close - length;
  const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { start: hhmm(start), end: hhmm(start + length) };
}

/** Every working day (not Sunday, not already held) of every centre with technicians, centre by centre, day by day. */
export function planHistoryDays(setting: DayPlanSetting, dates: readonly string[]): HistoryPlan {
  const plan: HistoryPlan = { orders: [], missed: [], slots: new Map(), centreDays: 0, usedCodes: new Set() };
  for (const centre of setting.centres) {
    const team = setting.technicians.get(centre.id) ?? [];
    if (team.length === 0 || setting.services.length === 0) continue;
    for (const date of dates) {
      if (weekday(date) === 0 || setting.busy.has(`${centre.id}|${date}`)) continue;
      plan.centreDays += 1;
      planCentreDay(openCentreDay(centre, date, setting), team, plan);
    }
  }
  return plan;
}

/** A centre's day before anything is booked, with its own PRNG. */
function openCentreDay(centre: HistoryCentre, date: string, setting: DayPlanSetting): CentreDay {
  return {
    centre,
    date,
    random: seededRandom(`${centre.slug}|${date}`),
    occupancy: new Map(),
    close: vietnamInstant(date, centre.close_time).getTime(),
    province: PROVINCE_CODES[centre.city] ?? '30',
    staffId: setting.staffOf(centre.id),
    stock: setting.stockOf(centre.id),
    services: setting.services,
  };
}

/** The day's work technician by technician, then the appointments that did not come, then the slots the day holds. */
function planCentreDay(day: CentreDay, team: ReadonlyArray<{ id: number }>, plan: HistoryPlan): void {
  const orders = team.flatMap((technician, index) => planTechnicianDay(day, technician.id, index, plan.usedCodes));
  plan.orders.push(...orders);
  plan.missed.push(...planMissedAppointments(day, orders.length, plan.usedCodes));
  for (const [step, booked] of day.occupancy) plan.slots.set(`${day.centre.id}|${step}`, booked);
}

/** One technician's visits within their shift: the next customer at the next half hour with a free bay, until the shift ends. */
function planTechnicianDay(day: CentreDay, technicianId: number, index: number, usedCodes: Set<string>): DayOrder[] {
  const shift = demoShiftOf(index, day.centre.open_time, day.centre.close_time);
  const shiftEnd = vietnamInstant(day.date, shift.end).getTime();
  let free = vietnamInstant(day.date, shift.start).getTime() + day.random.int(0, 3) * 15 * MINUTE;
  const orders: DayOrder[] = [];
  for (;;) {
    const who = drawVisitor(day);
    const lines = drawServices(day, who.type);
    const standard = lines.reduce((sum, l) => sum + l.minutes, 0);
    const start = Math.ceil(free / (30 * MINUTE)) * 30 * MINUTE;
    if (start + standard * MINUTE > Math.min(shiftEnd, day.close)) break;
    if (!bookBays(day, start, standard)) {
      free = start + 30 * MINUTE;
      continue;
    }
    const order = drawClosedOrder(day, { technicianId, index, who, lines, start, standard }, usedCodes);
    orders.push(order);
    free = order.done + day.random.int(20, 75) * MINUTE;
  }
  return orders;
}

/** A booked visit's course: check-in, work, invoice and payment times, its extra part if any, its codes and its figures. */
function drawClosedOrder(
  day: CentreDay,
  visit: { technicianId: number; index: number; who: Visitor; lines: ServiceLine[]; start: number; standard: number },
  usedCodes: Set<string>,
): DayOrder {
  const { random } = day;
  const { start, standard } = visit;
  const opened = start - random.int(0, 12) * MINUTE;
  const started = start + random.int(3, 25) * MINUTE;
  const done = started + Math.round(standard * (0.8 + random.next() * 0.45)) * MINUTE;
  const issued = done + random.int(5, 25) * MINUTE;
  const paid = issued + random.int(2, 20) * MINUTE;
  const part = drawExtraPart(day, started, done);
  return {
    centreId: day.centre.id,
    technicianId: visit.technicianId,
    bayNo: Math.min(visit.index + 1, day.centre.service_bays),
    staffId: day.staffId,
    appointmentCode: historyCode('LH', new Date(start), random, 5, usedCodes),
    orderCode: historyCode('PDV', new Date(opened), random, 4, usedCodes),
    invoiceCode: historyCode('HD', new Date(issued), random, 4, usedCodes),
    who: visit.who,
    lines: visit.lines,
    start,
    standard,
    booked: start - random.int(1, 7) * DAY,
    opened,
    started,
    done,
    issued,
    paid,
    method: random.chance(0.6) ? 'VIETQR' : 'CASH',
    odometer: random.int(1_500, 60_000),
    concern: random.pick(CONCERNS),
    part,
  };
}

/** Now and then a part from the centre's stock, approved or declined (an approved pair sometimes has one returned); the fleet's findings may replace it. */
function drawExtraPart(day: CentreDay, started: number, done: number): ExtraPart | null {
  const { random } = day;
  const stockRow = day.stock.length > 0 && random.chance(0.3) ? random.pick(day.stock) : null;
  if (!stockRow) return null;
  const part: ExtraPart = {
    productId: stockRow.product_id,
    name: stockRow.name,
    price: toNumber(stockRow.price),
    quantity: random.int(1, 2),
    approved: random.chance(0.7),
    returned: 0,
    requested: started + Math.round((done - started) * 0.3),
    decided: started + Math.round((done - started) * 0.5),
  };
  if (part.approved && part.quantity === 2 && random.chance(0.25)) part.returned = 1;
  return part;
}

/** A few appointments of the day that did not come to the floor: cancelled (no slot held) or no-show (its slot held). */
function planMissedAppointments(day: CentreDay, outcomes: number, usedCodes: Set<string>): MissedAppointment[] {
  const { centre, random } = day;
  const extras = Math.round(outcomes * 0.15 * random.next() * 2);
  const missed: MissedAppointment[] = [];
  for (let index = 0; index < extras; index += 1) {
    const status = random.chance(0.6) ? 'CANCELLED' : 'NO_SHOW';
    const who = drawVisitor(day);
    const lines = drawServices(day, who.type);
    const minutes = lines.reduce((sum, l) => sum + l.minutes, 0);
    const start = vietnamInstant(day.date, centre.open_time).getTime() + random.int(0, 14) * 30 * MINUTE;
    if (start + minutes * MINUTE > day.close) continue;
    if (status === 'NO_SHOW' && !bookBays(day, start, minutes)) continue;
    const created = start - random.int(1, 6) * DAY;
    const code = historyCode('LH', new Date(start), random, 5, usedCodes);
    const cancelled = status === 'CANCELLED';
    const changed = cancelled ? start - random.int(2, 30) * 60 * MINUTE : start + 30 * MINUTE;
    const reason = cancelled ? random.pick(CANCEL_REASONS) : null;
    missed.push({ centreId: centre.id, code, who, lines, start, minutes, status, created, changed, reason, staffId: day.staffId });
  }
  return missed;
}

/** A walk-in of the centre's province: car or scooter, model, plate, name and phone. */
function drawVisitor(day: CentreDay): Visitor {
  const { random } = day;
  const type = random.chance(0.55) ? ('car' as const) : ('scooter' as const);
  return { type, model: random.pick(type === 'car' ? CAR_MODELS : SCOOTER_MODELS), plate: licensePlate(random, day.province, type), name: vietnameseName(random), phone: mobileNumber(random) };
}

/** One of the first services that fit the vehicle, sometimes a second one. */
function drawServices(day: CentreDay, type: string): ServiceLine[] {
  const { random } = day;
  const fitting = day.services.filter((s) => s.types.includes(type));
  const first = random.pick(fitting.slice(0, Math.min(fitting.length, 6)));
  const second = random.chance(0.3) ? random.pick(fitting) : null;
  return [first, ...(second && second.id !== first.id ? [second] : [])].map((s) => ({ id: s.id, slug: s.slug, name: s.name, price: s.price, minutes: s.duration_minutes }));
}

/** Takes a bay for every step of [start, start + minutes) if one is free in each, else takes nothing. */
function bookBays(day: CentreDay, start: number, minutes: number): boolean {
  const steps = occupiedSteps(new Date(start), minutes);
  if (steps.some((step) => (day.occupancy.get(step) ?? 0) >= day.centre.service_bays)) return false;
  for (const step of steps) day.occupancy.set(step, (day.occupancy.get(step) ?? 0) + 1);
  return true;
}
