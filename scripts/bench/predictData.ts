/**
 * The 100,000 closed service orders of `npm run bench:predict` (spec predictive.md §6): a fleet of a few thousand
 * registered vehicles of eight model families, each brought in every few months, whose checklist answers come from
 * wear that behaves like wear — deterministic (a seeded PRNG), so every generation is the same fleet.
 *
 * The wear is the failure model's own (docs/prediction.md §2): each vehicle's component has a life on the scale
 *
 *   u = km/1000 + η·months,   life ~ Weibull(k, λ):  P(life > u) = exp(−(u/λ)ᵏ)
 *
 * drawn when the vehicle is new (1 July of its model year, as inspectionSteps.vehicleAgeMonths counts age) and again
 * whenever the component is put right. An inspection finds FAIL once u since the last new part has reached the
 * life; then the part is replaced (the note says 'đã thay', and for half of the part-wearing components a parts
 * request is issued against the checklist item), or the customer declines (stays failed to the next visit), or —
 * for shape-1 faults that are not wear — it is adjusted (no new part: the model sees a FAIL not fixed). 5 % of the
 * answers are NA. The orders of magnitude (brake pads 20–40 thousand km on scooters, 50–100 on cars, tyres 12–20 /
 * 30–50, battery fading with age as much as with km) are those of the demo seed's wear; the families' factors make
 * heavier models wear pads, tyres and dampers faster.
 *
 * A third of the orders carry the symptoms the customer picked when booking: for each component found FAIL, each
 * knowledge-base link symptom → component with its weight as the probability, plus a 2 % background per symptom.
 *
 * The plan (vehicles, visits with their answers as one letter per checklist item, symptoms) is computed here, in
 * memory; the database then expands it (INSERT … SELECT: appointments, orders, 16 checklist items per order,
 * parts requests, odometer readings, symptoms), as bench:kpis does with its numbers table.
 */

import { sql, type Kysely } from 'kysely';
import type { Database } from './benchApi.ts';

export const PREDICT_GENERATOR_VERSION = 1;

type BenchDatabase = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';
type VehicleType = 'scooter' | 'car';

const MONTH_MS = 30.436875 * 86_400_000;
const DAY_MS = 86_400_000;
const NA_SHARE = 0.05;
/** A worn part found FAIL is replaced at the visit this often; else the customer puts it off to the next visit. */
const REPLACED_SHARE = 0.85;
/** Of the replaced parts of a part-wearing component, this share has a parts request issued against the item. */
const PARTS_REQUEST_SHARE = 0.5;
const SYMPTOM_ORDER_SHARE = 1 / 3;
const BACKGROUND_SYMPTOM = 0.02;

interface Wear {
  shape: number;
  scale: number;
  ageing: number;
}
const w = (shape: number, scale: number, ageing: number): Wear => ({ shape, scale, ageing });

interface ComponentWear {
  code: string;
  label: string;
  scooter: Wear;
  car: Wear;
  /** Distance wear: the family's factor scales λ. */
  byFamily: boolean;
  /** replace: a new part (note 'đã thay'); adjust: put right without one (shape-1 faults only). */
  fix: 'replace' | 'adjust';
  /** A part leaves the store for it (a parts request linked to the checklist item). */
  part: boolean;
  fixedNote: string;
  declinedNote: string;
}

/** The 16 checklist items of every order, in checklist order. */
export const COMPONENT_WEAR: readonly ComponentWear[] = [
  { code: 'BRAKE_PADS', label: 'Má phanh', scooter: w(3.0, 26, 0), car: w(2.8, 70, 0), byFamily: true, fix: 'replace', part: true, fixedNote: 'Má phanh mòn quá vạch giới hạn, đã thay má phanh mới.', declinedNote: 'Má phanh mòn quá vạch giới hạn, khách hẹn thay lần sau.' },
  { code: 'BRAKE_FUNCTION', label: 'Hệ thống phanh', scooter: w(1, 120, 0.5), car: w(1, 400, 1), byFamily: false, fix: 'adjust', part: false, fixedNote: 'Hành trình tay phanh dài, đã chỉnh lại.', declinedNote: 'Hành trình tay phanh dài, đã chỉnh lại.' },
  { code: 'TYRE_WEAR', label: 'Lốp (độ mòn)', scooter: w(3.5, 16, 0), car: w(3.2, 42, 0), byFamily: true, fix: 'replace', part: true, fixedNote: 'Gai lốp còn dưới 1 mm, đã thay lốp mới.', declinedNote: 'Gai lốp mòn sát giới hạn, khách hẹn thay sau.' },
  { code: 'TYRE_PRESSURE', label: 'Áp suất lốp', scooter: w(1, 40, 1), car: w(1, 60, 1.5), byFamily: false, fix: 'adjust', part: false, fixedNote: 'Lốp non hơi, đã bơm lại đúng áp suất khuyến nghị.', declinedNote: 'Lốp non hơi, đã bơm lại đúng áp suất khuyến nghị.' },
  { code: 'LIGHTS', label: 'Đèn', scooter: w(1, 200, 2), car: w(1, 600, 4), byFamily: false, fix: 'replace', part: true, fixedNote: 'Đèn xi-nhan sau không sáng, đã thay bóng.', declinedNote: 'Đèn xi-nhan sau chập chờn, khách hẹn thay sau.' },
  { code: 'BATTERY_LEVEL', label: 'Pin (mức và điện áp)', scooter: w(1, 250, 2), car: w(1, 500, 4), byFamily: false, fix: 'adjust', part: false, fixedNote: 'Điện áp nghỉ thấp, đã sạc cân bằng.', declinedNote: 'Điện áp nghỉ thấp, đã sạc cân bằng.' },
  { code: 'BATTERY_SOH', label: 'Tình trạng pin (SOH)', scooter: w(2.5, 60, 0.6), car: w(2.5, 300, 2), byFamily: false, fix: 'replace', part: true, fixedNote: 'SOH dưới 85 %, chênh lệch cell lớn: đã thay module pin yếu.', declinedNote: 'SOH dưới 85 %, chênh lệch cell lớn: khách chưa thay, theo dõi thêm.' },
  { code: 'BMS_LOG', label: 'Hệ thống quản lý pin (BMS)', scooter: w(1, 300, 3), car: w(1, 600, 5), byFamily: false, fix: 'adjust', part: false, fixedNote: 'Nhật ký BMS có lỗi cân bằng cell, đã cập nhật phần mềm.', declinedNote: 'Nhật ký BMS có lỗi cân bằng cell, đã cập nhật phần mềm.' },
  { code: 'CHARGE_PORT', label: 'Cổng sạc', scooter: w(1.8, 40, 0.8), car: w(1.8, 150, 2.5), byFamily: false, fix: 'replace', part: true, fixedNote: 'Gioăng cổng sạc chai cứng, tiếp điểm ô-xy hóa: đã thay mới.', declinedNote: 'Gioăng cổng sạc chai cứng, khách hẹn thay sau.' },
  { code: 'CHARGER_OUTPUT', label: 'Bộ sạc', scooter: w(1.5, 150, 2), car: w(1.5, 400, 4), byFamily: false, fix: 'replace', part: true, fixedNote: 'Bộ sạc ra dòng thấp, đã thay bộ sạc.', declinedNote: 'Bộ sạc ra dòng thấp, khách hẹn thay sau.' },
  { code: 'MOTOR_NOISE', label: 'Động cơ (tiếng ồn, độ rơ)', scooter: w(2.5, 45, 0), car: w(2.5, 220, 0), byFamily: false, fix: 'replace', part: true, fixedNote: 'Vòng bi động cơ kêu, có độ rơ: đã thay vòng bi.', declinedNote: 'Vòng bi động cơ bắt đầu kêu, khách hẹn thay sau.' },
  { code: 'CONTROLLER', label: 'Bộ điều khiển', scooter: w(1.3, 200, 1), car: w(1.3, 600, 2), byFamily: false, fix: 'replace', part: true, fixedNote: 'Bộ điều khiển báo lỗi pha, đã thay bộ điều khiển.', declinedNote: 'Bộ điều khiển báo lỗi pha chập chờn, khách hẹn thay sau.' },
  { code: 'WIRING', label: 'Bó dây, giắc nối', scooter: w(2.0, 120, 1.5), car: w(2.0, 400, 3), byFamily: false, fix: 'replace', part: false, fixedNote: 'Giắc nối ô-xy hóa, đã thay giắc và đoạn dây.', declinedNote: 'Giắc nối ô-xy hóa nhẹ, đã vệ sinh, theo dõi thêm.' },
  { code: 'INSULATION', label: 'Cách điện hệ thống cao áp', scooter: w(1, 8000, 10), car: w(1, 12000, 20), byFamily: false, fix: 'replace', part: false, fixedNote: 'Điện trở cách điện thấp, đã thay đoạn cáp cao áp.', declinedNote: 'Điện trở cách điện thấp, khách hẹn xử lý sau.' },
  { code: 'SUSPENSION', label: 'Giảm xóc, phuộc', scooter: w(2.2, 35, 0.1), car: w(2.2, 110, 0.3), byFamily: true, fix: 'replace', part: true, fixedNote: 'Giảm xóc chảy dầu, đã thay phớt và dầu giảm xóc.', declinedNote: 'Giảm xóc yếu, khách hẹn thay sau.' },
  { code: 'BOLTS', label: 'Ốc khung, tay lái, bánh xe', scooter: w(1, 80, 0.2), car: w(1, 400, 0.5), byFamily: false, fix: 'adjust', part: false, fixedNote: 'Ốc bắt tay lái lỏng, đã siết lại đúng lực.', declinedNote: 'Ốc bắt tay lái lỏng, đã siết lại đúng lực.' },
];

export interface Family {
  model: string;
  type: VehicleType;
  /** Share of the fleet. */
  share: number;
  /** λ of the distance-wear rows is divided by this (heavier, more powerful: faster wear). */
  wear: number;
  /** Thousand km a month, the fleet's median (each vehicle log-normal around it). */
  kkmPerMonth: number;
}

export const FAMILIES: readonly Family[] = [
  { model: 'Feliz S', type: 'scooter', share: 0.22, wear: 1.0, kkmPerMonth: 0.6 },
  { model: 'Evo200', type: 'scooter', share: 0.18, wear: 1.15, kkmPerMonth: 0.7 },
  { model: 'Klara S', type: 'scooter', share: 0.14, wear: 0.9, kkmPerMonth: 0.5 },
  { model: 'Vento S', type: 'scooter', share: 0.12, wear: 1.1, kkmPerMonth: 0.8 },
  { model: 'Theon S', type: 'scooter', share: 0.04, wear: 1.25, kkmPerMonth: 0.9 },
  { model: 'VF 3', type: 'car', share: 0.12, wear: 0.9, kkmPerMonth: 1.1 },
  { model: 'VF 5', type: 'car', share: 0.11, wear: 1.0, kkmPerMonth: 1.4 },
  { model: 'VF 8', type: 'car', share: 0.07, wear: 1.2, kkmPerMonth: 1.8 },
];

/** mulberry32: the same fleet on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PlannedVehicle {
  /** 0-based: the owner is customer ⌊index / 2⌋ (two vehicles each). */
  index: number;
  family: Family;
  year: number;
  plate: string;
  /** Registered in the app the day before its first visit, with its odometer now (the last visit's). */
  createdAt: string;
  odometerKm: number;
}

export interface PlannedVisit {
  /** 1..orders. */
  n: number;
  vehicle: number;
  openedAt: string;
  closedAt: string;
  odometerKm: number;
  /**
   * One letter per checklist item (COMPONENT_WEAR's order): P pass, N NA, R FAIL replaced (note only),
   * F FAIL replaced with a parts request issued, D FAIL declined, A FAIL adjusted (no new part).
   */
  results: string;
  symptoms: string[];
}

export interface FleetPlan {
  vehicles: PlannedVehicle[];
  visits: PlannedVisit[];
}

/**
 * The fleet: vehicles of model years from 8 years ago to last year, first seen at 1–5 months, then every 2–6
 * months (each vehicle its own habit) until yesterday; as many vehicles as it takes to make `orders` visits.
 */
export function planFleet(orders: number, now: number, links: readonly { symptom: string; component: string; weight: number }[], symptoms: readonly string[]): FleetPlan {
  const random = seededRandom(0x5eed_2026);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const thisYear = new Date(now).getUTCFullYear();
  const end = now - DAY_MS;
  const cumulative: number[] = [];
  FAMILIES.reduce((sum, family) => (cumulative.push(sum + family.share), sum + family.share), 0);
  const linksOf = new Map<string, { symptom: string; weight: number }[]>();
  for (const link of links) linksOf.set(link.component, [...(linksOf.get(link.component) ?? []), link]);

  const vehicles: PlannedVehicle[] = [];
  const visits: PlannedVisit[] = [];
  while (visits.length < orders) {
    const index = vehicles.length;
    const pick = random() * cumulative.at(-1)!;
    const family = FAMILIES[Math.max(0, cumulative.findIndex((c) => pick < c))]!;
    const year = thisYear - 1 - Math.floor(random() * 8);
    const born = Date.UTC(year, 6, 1);
    const rate = family.kkmPerMonth * Math.exp(0.45 * normal());
    const every = 2 + 4 * random();
    const wearOf = COMPONENT_WEAR.map((component) => {
      const wear = component[family.type];
      return { ...wear, scale: component.byFamily ? wear.scale / family.wear : wear.scale };
    });
    const draw = (wear: Wear) => wear.scale * Math.pow(-Math.log(1 - random()), 1 / wear.shape);
    const state = wearOf.map((wear) => ({ startKkm: 0, startMonths: 0, life: draw(wear) }));

    let months = 1 + 4 * random();
    let kkm = 0;
    let lastMonths = 0;
    let firstVisit: number | null = null;
    while (visits.length < orders) {
      const at = born + months * MONTH_MS;
      if (at > end) break;
      kkm += rate * (months - lastMonths) * (0.8 + 0.4 * random());
      lastMonths = months;
      firstVisit ??= at;
      let results = '';
      const failed: string[] = [];
      COMPONENT_WEAR.forEach((component, k) => {
        if (random() < NA_SHARE) {
          results += 'N';
          return;
        }
        const s = state[k]!;
        const wear = wearOf[k]!;
        const u = kkm - s.startKkm + wear.ageing * (months - s.startMonths);
        if (u < s.life) {
          results += 'P';
          return;
        }
        failed.push(component.code);
        const renew = () => Object.assign(s, { startKkm: kkm, startMonths: months, life: draw(wear) });
        if (component.fix === 'adjust') {
          results += 'A';
          renew();
        } else if (random() < REPLACED_SHARE) {
          results += component.part && random() < PARTS_REQUEST_SHARE ? 'F' : 'R';
          renew();
        } else {
          results += 'D';
        }
      });
      const reported: string[] = [];
      if (random() < SYMPTOM_ORDER_SHARE) {
        const chosen = new Set<string>();
        for (const code of failed) for (const link of linksOf.get(code) ?? []) if (random() < link.weight) chosen.add(link.symptom);
        for (const symptom of symptoms) if (random() < BACKGROUND_SYMPTOM) chosen.add(symptom);
        reported.push(...[...chosen].sort());
      }
      // Open at 08:00–15:00 Vietnam time (01:00–08:00 UTC) of the visit's day, closed two hours later.
      const day = Math.floor(at / DAY_MS) * DAY_MS;
      const opened = day + (1 + Math.floor(random() * 7)) * 3_600_000;
      visits.push({
        n: visits.length + 1,
        vehicle: index,
        openedAt: new Date(opened).toISOString(),
        closedAt: new Date(opened + 2 * 3_600_000).toISOString(),
        odometerKm: Math.round(kkm * 1000),
        results,
        symptoms: reported,
      });
      months += every * (0.6 + 0.8 * random());
    }
    if (firstVisit === null) continue;
    const digits = String(index).padStart(5, '0');
    vehicles.push({
      index,
      family,
      year,
      plate: family.type === 'car' ? `30K-${digits.slice(0, 3)}.${digits.slice(3)}` : `29MĐ1-${digits.slice(0, 3)}.${digits.slice(3)}`,
      createdAt: new Date(firstVisit - DAY_MS).toISOString(),
      odometerKm: Math.round(kkm * 1000),
    });
  }
  return { vehicles, visits };
}

// ---- Writing it ---------------------------------------------------------------------------------------------

async function insertRows(db: BenchDatabase, table: string, columns: readonly string[], rows: readonly unknown[][], batch = 1000): Promise<void> {
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(chunk.map((row) => sql`(${sql.join(row)})`))}`.execute(db);
  }
}

/**
 * Writes the plan into a seeded, migrated database, in one transaction: customers, vehicles, then (from the
 * bench_predict_* staging tables) appointments, closed orders, checklist items, parts requests, odometer readings,
 * symptoms.
 */
export async function writeFleet(db: BenchDatabase, dialect: Dialect, plan: FleetPlan, log: (line: string) => void): Promise<void> {
  const instant = (expression: string) => (dialect === 'postgres' ? `cast(${expression} as timestamptz)` : expression);
  const centres = (await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').execute()).map((c) => c.id);
  const technician = await db.selectFrom('users').select('id').where('role', '=', 'technician').orderBy('id').executeTakeFirst();
  const product = await db.selectFrom('products').select(['id', 'price']).orderBy('id').executeTakeFirstOrThrow();
  if (centres.length === 0) throw new Error('seed the database first (no service centres)');
  const centreOf = (vehicle: string) => `(case (${vehicle}) % ${centres.length} ${centres.map((id, i) => `when ${i} then ${id}`).join(' ')} end)`;
  const nowIso = new Date().toISOString();

  await db.transaction().execute(async (trx) => {
    const step = async (label: string, work: () => Promise<unknown>) => {
      const t0 = Date.now();
      await work();
      log(`    ${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    };
    const run = (text: string) => sql.raw(text).execute(trx);

    const customers = Math.ceil(plan.vehicles.length / 2);
    await step(`${customers.toLocaleString('en')} customers`, () =>
      insertRows(
        trx,
        'users',
        ['email', 'password_hash', 'full_name', 'phone_number', 'role', 'email_verified_at', 'created_at', 'updated_at'],
        Array.from({ length: customers }, (_, i) => [`bench.predict.kh${i}@example.vn`, null, `Khách thử tải ${i + 1}`, `0977${String(i).padStart(6, '0')}`, 'customer', nowIso, nowIso, nowIso]),
      ),
    );
    const userIds = new Map(
      (await trx.selectFrom('users').select(['id', 'email']).where('email', 'like', 'bench.predict.kh%').execute()).map((row) => [row.email, row.id]),
    );
    await step(`${plan.vehicles.length.toLocaleString('en')} vehicles of ${FAMILIES.length} model families`, () =>
      insertRows(
        trx,
        'vehicles',
        ['user_id', 'type', 'brand', 'model', 'year', 'license_plate', 'odometer_km', 'created_at', 'updated_at'],
        plan.vehicles.map((v) => [userIds.get(`bench.predict.kh${Math.floor(v.index / 2)}@example.vn`)!, v.family.type, 'VinFast', v.family.model, v.year, v.plate, v.odometerKm, v.createdAt, v.createdAt]),
      ),
    );
    // Plan index → vehicle id (the plates are unique across the fleet).
    await run('create table bench_predict_vehicles (vehicle integer primary key, vehicle_id integer not null)');
    const vehicleRows = await trx
      .selectFrom('vehicles as v')
      .innerJoin('users as u', 'u.id', 'v.user_id')
      .select(['v.id', 'v.license_plate'])
      .where('u.email', 'like', 'bench.predict.kh%')
      .execute();
    const byPlate = new Map(vehicleRows.map((row) => [row.license_plate, row.id]));
    await insertRows(trx, 'bench_predict_vehicles', ['vehicle', 'vehicle_id'], plan.vehicles.map((v) => [v.index, byPlate.get(v.plate)!]));

    await run('create table bench_predict_visits (n integer primary key, vehicle integer not null, opened_at varchar(30) not null, closed_at varchar(30) not null, odometer integer not null, results varchar(32) not null)');
    await step(`${plan.visits.length.toLocaleString('en')} visits planned (staging)`, () =>
      insertRows(trx, 'bench_predict_visits', ['n', 'vehicle', 'opened_at', 'closed_at', 'odometer', 'results'], plan.visits.map((v) => [v.n, v.vehicle, v.openedAt, v.closedAt, v.odometerKm, v.results])),
    );
    await run('create table bench_predict_components (k integer primary key, code varchar(40) not null, label varchar(200) not null, fixed_note varchar(300) not null, declined_note varchar(300) not null)');
    await insertRows(trx, 'bench_predict_components', ['k', 'code', 'label', 'fixed_note', 'declined_note'], COMPONENT_WEAR.map((c, i) => [i + 1, c.code, c.label, c.fixedNote, c.declinedNote]));
    await run('create table bench_predict_symptoms (n integer not null, code varchar(40) not null)');
    await insertRows(trx, 'bench_predict_symptoms', ['n', 'code'], plan.visits.flatMap((v) => v.symptoms.map((code) => [v.n, code])));

    const from = `from bench_predict_visits s join bench_predict_vehicles pv on pv.vehicle = s.vehicle join vehicles v on v.id = pv.vehicle_id`;
    await step('appointments', () =>
      run(`insert into appointments (code, user_id, vehicle_id, vehicle_type, vehicle_brand, vehicle_model, license_plate, centre_id, starts_at, ends_at, status, estimated_price, estimated_duration_minutes, contact_name, contact_phone, contact_email, created_at, updated_at)
           select 'LHP' || s.n, v.user_id, v.id, v.type, v.brand, v.model, v.license_plate, ${centreOf('s.vehicle')}, ${instant('s.opened_at')}, ${instant('s.closed_at')}, 'COMPLETED', 500000, 60,
             'Khách thử tải', '0912000000', 'khach@example.vn', ${instant('s.opened_at')}, ${instant('s.closed_at')} ${from}`),
    );
    await step('closed service orders', () =>
      run(`insert into service_orders (code, appointment_id, centre_id, user_id, vehicle_id, vehicle_type, vehicle_brand, vehicle_model, license_plate, status, technician_id, odometer_in_km, opened_at, started_at, work_done_at, invoiced_at, closed_at, version, updated_at)
           select 'PDVP' || s.n, a.id, a.centre_id, v.user_id, v.id, v.type, v.brand, v.model, v.license_plate, 'CLOSED', ${technician?.id ?? 'null'}, s.odometer,
             ${instant('s.opened_at')}, ${instant('s.opened_at')}, ${instant('s.closed_at')}, ${instant('s.closed_at')}, ${instant('s.closed_at')}, 5, ${instant('s.closed_at')}
           ${from} join appointments a on a.code = 'LHP' || s.n`),
    );
    await step(`checklist items (${COMPONENT_WEAR.length} per order)`, () =>
      run(`insert into service_order_checklist_items (service_order_id, code, label, sort_order, result, note, checked_by, checked_at)
           select o.id, c.code, c.label, c.k, case substr(s.results, c.k, 1) when 'P' then 'PASS' when 'N' then 'NA' else 'FAIL' end,
             case substr(s.results, c.k, 1) when 'P' then null when 'N' then null when 'D' then c.declined_note else c.fixed_note end,
             o.technician_id, o.work_done_at
           from bench_predict_visits s join service_orders o on o.code = 'PDVP' || s.n cross join bench_predict_components c`),
    );
    await step('parts requests issued against FAIL items', () =>
      run(`insert into parts_requests (service_order_id, centre_id, product_id, quantity, unit_price, reason, checklist_item_id, requested_by, status, in_scope, decided_at, issued_qty, returned_qty, created_at, updated_at)
           select o.id, o.centre_id, ${product.id}, 1, ${product.price}, 'Thay theo kết quả kiểm tra (thử tải)', i.id, o.technician_id, 'ISSUED', 1, o.started_at, 1, 0, o.started_at, o.work_done_at
           from bench_predict_visits s join service_orders o on o.code = 'PDVP' || s.n
             join bench_predict_components c on substr(s.results, c.k, 1) = 'F'
             join service_order_checklist_items i on i.service_order_id = o.id and i.code = c.code`),
    );
    await step('odometer readings (one per check-in)', () =>
      run(`insert into vehicle_odometer_readings (vehicle_id, odometer_km, source, note, recorded_at)
           select pv.vehicle_id, s.odometer, 'service', 'Tiếp nhận PDVP' || s.n, ${instant('s.opened_at')} from bench_predict_visits s join bench_predict_vehicles pv on pv.vehicle = s.vehicle`),
    );
    await step('symptoms recorded at booking', () =>
      run(`insert into appointment_symptoms (appointment_id, code, source, recorded_by, created_at)
           select a.id, y.code, 'customer', null, a.created_at from bench_predict_symptoms y join appointments a on a.code = 'LHP' || y.n`),
    );
    for (const table of ['bench_predict_symptoms', 'bench_predict_components', 'bench_predict_visits', 'bench_predict_vehicles']) await run(`drop table ${table}`);
  });
}

/** What the plan holds: answered checklist items, FAILs among them, parts requests, orders with symptoms. */
export function planSummary(plan: FleetPlan): { answered: number; failures: number; partsRequests: number; symptomOrders: number } {
  let answered = 0;
  let failures = 0;
  let partsRequests = 0;
  let symptomOrders = 0;
  for (const visit of plan.visits) {
    for (const letter of visit.results) {
      if (letter === 'N') continue;
      answered += 1;
      if (letter !== 'P') failures += 1;
      if (letter === 'F') partsRequests += 1;
    }
    if (visit.symptoms.length > 0) symptomOrders += 1;
  }
  return { answered, failures, partsRequests, symptomOrders };
}
