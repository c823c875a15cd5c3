import type { Kysely, Transaction } from 'kysely';
import type { SymptomCode } from 'shared-contracts/diagnostics';
import { SLOT_MINUTES, vietnamDateOf, vietnamInstant, type ServiceOrderStatus, type VehicleType } from 'shared-contracts/schemas';
import type { Database, NewUserRow } from '../src/db/schema';
import { newAppointmentCode, occupiedSteps } from '../src/modules/bookings';
import { writeBookedLines, backOfficeCode } from '../src/modules/serviceOrders';
import { hashPassword } from '../src/security/passwords';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demoAccounts';
import { isDemoBooking } from './demoBookings';
import { DEMO_VEHICLES } from './serviceHistory';
import { SERVICE_CENTRES } from './serviceCentres';

/**
 * The back office's demo floor. Inserts only what is missing, never writes over anything:
 *
 * - people: a second technician at the first centre (Cầu Giấy) and a staff member and a technician at the
 *   second (Long Biên), with the demo password, so that the centre scope can be seen;
 * - assignments: the demo staff, technician and manager (and the people above) to their centre, for a user
 *   who has never had an assignment (one ended or moved by an admin since stays as the admin left it);
 * - today's floor at the first centre, relative to the real time of the seed in Asia/Ho_Chi_Minh, when that
 *   centre has no appointment today: work done, in progress and checked in (service orders with their
 *   checklist from the services' templates, booked lines, clock entries and bays, assigned to the demo
 *   technician), then confirmed and pending appointments later today, one of them the demo customer's with
 *   their car. Every appointment takes its steps in slot_occupancy within the centre's bays.
 *
 * A new user signing in as nhanvien@ or kythuatvien@ sees a working floor at once; a restart the same day
 * keeps it as it is; the next day's start adds that day's.
 */

export interface BackOfficeAccount {
  role: 'staff' | 'technician' | 'manager';
  email: string;
  fullName: string;
  phoneNumber: string;
  gender: 'MALE' | 'FEMALE';
  dateOfBirth: string;
  address: string;
  /** Slug of the centre the account works at. */
  centreSlug: string;
}

const FIRST_CENTRE = SERVICE_CENTRES[0]!.slug;
const SECOND_CENTRE = SERVICE_CENTRES[1]!.slug;

/** The back office's demo people besides DEMO_ACCOUNTS (password DEMO_PASSWORD). */
export const BACK_OFFICE_ACCOUNTS: readonly BackOfficeAccount[] = [
  {
    role: 'technician',
    email: 'kythuatvien2@evshop.vn',
    fullName: 'Đỗ Minh Khoa',
    phoneNumber: '0971234568',
    gender: 'MALE',
    dateOfBirth: '1996-04-18',
    address: '12 Nguyễn Khang, phường Yên Hòa, Hà Nội',
    centreSlug: FIRST_CENTRE,
  },
  {
    role: 'staff',
    email: 'nhanvien.longbien@evshop.vn',
    fullName: 'Vũ Thị Lan',
    phoneNumber: '0962345679',
    gender: 'FEMALE',
    dateOfBirth: '1994-09-03',
    address: '45 Ngọc Lâm, phường Bồ Đề, Hà Nội',
    centreSlug: SECOND_CENTRE,
  },
  {
    role: 'technician',
    email: 'kythuatvien.longbien@evshop.vn',
    fullName: 'Bùi Văn Thắng',
    phoneNumber: '0953456780',
    gender: 'MALE',
    dateOfBirth: '1991-12-11',
    address: '8 Nguyễn Sơn, phường Bồ Đề, Hà Nội',
    centreSlug: SECOND_CENTRE,
  },
];

/** Who works where: the demo staff, technician and manager at the first centre, and BACK_OFFICE_ACCOUNTS. */
export const DEMO_ASSIGNMENTS: ReadonlyArray<{ email: string; centreSlug: string }> = [
  ...DEMO_ACCOUNTS.filter((account) => account.role === 'staff' || account.role === 'technician' || account.role === 'manager').map((account) => ({
    email: account.email,
    centreSlug: FIRST_CENTRE,
  })),
  ...BACK_OFFICE_ACCOUNTS.map((account) => ({ email: account.email, centreSlug: account.centreSlug })),
];

const TECHNICIAN_EMAIL = DEMO_ACCOUNTS.find((account) => account.role === 'technician')!.email;
const STAFF_EMAIL = DEMO_ACCOUNTS.find((account) => account.role === 'staff')!.email;
const CUSTOMER_EMAIL = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email;

type FloorState = 'WORK_DONE' | 'IN_PROGRESS' | 'OPEN' | 'CONFIRMED' | 'PENDING';

interface FloorAppointmentSeed {
  state: FloorState;
  /** Start relative to the step under way, in minutes (placed within opening hours and free bays). */
  offsetMinutes: number;
  services: string[];
  /** The demo customer with their car, or a guest at the counter. */
  who: { demoCustomerCar: string } | { name: string; phone: string; email: string; type: VehicleType; brand: string; model: string; plate: string };
  note: string | null;
  concern: string | null;
  /**
   * What the customer ticked when booking (spec predictive.md §3), as their note says it: every order of the floor
   * has some, so that the technician's "Nên kiểm tra kỹ" and the staff's suggested checks show from the first start.
   */
  symptoms: readonly SymptomCode[];
  odometerKm: number;
}

/** Today's floor at the first centre (in the order the day went). */
export const TODAY_FLOOR: readonly FloorAppointmentSeed[] = [
  {
    state: 'WORK_DONE',
    offsetMinutes: -150,
    services: ['bao-duong-nang-cao'],
    who: { name: 'Trần Văn Hùng', phone: '0913456123', email: 'tranvanhung@example.vn', type: 'car', brand: 'VinFast', model: 'VF e34', plate: '30G-246.81' },
    note: 'Đến hạn bảo dưỡng 20.000 km, phanh trước hơi kêu khi dừng.',
    concern: 'Xe đến hạn bảo dưỡng 20.000 km, phanh trước hơi kêu khi dừng.',
    symptoms: ['BRAKE_NOISE'],
    odometerKm: 20_150,
  },
  {
    state: 'IN_PROGRESS',
    offsetMinutes: -60,
    services: ['bao-duong-co-ban', 'bao-duong-phanh'],
    who: { name: 'Lê Thị Mai', phone: '0987123456', email: 'lethimai@example.vn', type: 'scooter', brand: 'VinFast', model: 'Feliz S', plate: '29MĐ2-135.79' },
    note: 'Phanh sau kêu khi đi mưa.',
    concern: 'Phanh sau kêu khi đi mưa.',
    symptoms: ['BRAKE_NOISE'],
    odometerKm: 8_420,
  },
  {
    state: 'OPEN',
    offsetMinutes: -30,
    services: ['kiem-tra-pin-bms'],
    who: { name: 'Phạm Quốc Việt', phone: '0904567321', email: 'phamquocviet@example.vn', type: 'car', brand: 'VinFast', model: 'VF 8', plate: '30K-864.20' },
    note: 'Quãng đường đi được giảm so với tháng trước.',
    concern: 'Quãng đường đi được giảm so với tháng trước.',
    symptoms: ['RANGE_DROP'],
    odometerKm: 31_700,
  },
  {
    state: 'CONFIRMED',
    offsetMinutes: 60,
    services: ['bao-duong-co-ban'],
    who: { demoCustomerCar: DEMO_VEHICLES.find((vehicle) => vehicle.type === 'car')!.licensePlate },
    note: 'Kiểm tra giúp điều hòa. Xe hơi rung khi chạy trên 60 km/h.',
    concern: null,
    symptoms: ['VIBRATION'],
    odometerKm: 0,
  },
  {
    state: 'CONFIRMED',
    offsetMinutes: 90,
    services: ['kiem-tra-bo-sac-cong-sac'],
    who: { name: 'Đỗ Thu Trang', phone: '0935678912', email: 'dothutrang@example.vn', type: 'scooter', brand: 'VinFast', model: 'Evo200', plate: '29MĐ1-468.02' },
    note: 'Xe sạc qua đêm không đầy.',
    concern: null,
    symptoms: ['SLOW_CHARGING'],
    odometerKm: 0,
  },
  {
    state: 'PENDING',
    offsetMinutes: 120,
    services: ['chan-doan-dong-co-bo-dieu-khien'],
    who: { name: 'Vũ Minh Tuấn', phone: '0916789345', email: 'vuminhtuan@example.vn', type: 'scooter', brand: 'VinFast', model: 'Klara S', plate: '29MĐ1-975.31' },
    note: 'Xe thỉnh thoảng mất ga.',
    concern: null,
    symptoms: ['JERKY_THROTTLE'],
    odometerKm: 0,
  },
  {
    state: 'PENDING',
    offsetMinutes: 180,
    services: ['bao-duong-co-ban', 'dich-vu-lop'],
    who: { name: 'Hoàng Anh Thư', phone: '0948912367', email: 'hoanganhthu@example.vn', type: 'car', brand: 'VinFast', model: 'VF 5', plate: '30H-357.91' },
    note: 'Lốp trước hay bị non hơi.',
    concern: null,
    symptoms: ['TYRE_LOW'],
    odometerKm: 0,
  },
];

export interface BackOfficeSeedReport {
  /** Back-office accounts (BACK_OFFICE_ACCOUNTS) that exist. */
  accounts: number;
  /** Active assignments of the demo people. */
  assignments: number;
  /** Appointments today at the first centre (the seeded floor, or what the centre had already). */
  todayAppointments: number;
}

async function seedAccounts(db: Kysely<Database>, at: string): Promise<number> {
  const emails = BACK_OFFICE_ACCOUNTS.map((account) => account.email);
  const existing = new Set((await db.selectFrom('users').select('email').where('email', 'in', emails).execute()).map((row) => row.email));
  // The one published demo password, hashed (argon2id) once for every account it is missing from.
  let demoHash: string | undefined;
  for (const account of BACK_OFFICE_ACCOUNTS) {
    if (existing.has(account.email)) continue;
    const values: NewUserRow = {
      email: account.email,
      password_hash: (demoHash ??= await hashPassword(DEMO_PASSWORD)),
      full_name: account.fullName,
      phone_number: account.phoneNumber,
      address: account.address,
      date_of_birth: account.dateOfBirth,
      gender: account.gender,
      role: account.role,
      email_verified_at: at,
      created_at: at,
      updated_at: at,
    };
    // Any conflict (the email, or the phone number now someone else's): left alone.
    await db.insertInto('users').values(values).onConflict((oc) => oc.doNothing()).execute();
  }
  return (await db.selectFrom('users').select('id').where('email', 'in', emails).execute()).length;
}

/** Assigns each demo person who never had an assignment (and still has a floor role) to their centre. */
async function seedAssignments(db: Kysely<Database>, at: string): Promise<number> {
  const emails = DEMO_ASSIGNMENTS.map((assignment) => assignment.email);
  const [users, centres] = await Promise.all([
    db.selectFrom('users').select(['id', 'email', 'role']).where('email', 'in', emails).execute(),
    db.selectFrom('service_centres').select(['id', 'slug']).execute(),
  ]);
  const centreBySlug = new Map(centres.map((centre) => [centre.slug, centre.id]));
  const userIds = users.map((user) => user.id);
  const assignedOnce = new Set(
    userIds.length === 0 ? [] : (await db.selectFrom('staff_assignments').select('user_id').where('user_id', 'in', userIds).execute()).map((row) => row.user_id),
  );
  for (const assignment of DEMO_ASSIGNMENTS) {
    const user = users.find((candidate) => candidate.email === assignment.email);
    const centreId = centreBySlug.get(assignment.centreSlug);
    if (!user || centreId === undefined || assignedOnce.has(user.id) || !['staff', 'technician', 'manager'].includes(user.role)) continue;
    await db.insertInto('staff_assignments').values({ user_id: user.id, centre_id: centreId, assigned_at: at, ended_at: null }).execute();
  }
  if (userIds.length === 0) return 0;
  return (await db.selectFrom('staff_assignments').select('id').where('user_id', 'in', userIds).where('ended_at', 'is', null).execute()).length;
}

const SLOT_MS = SLOT_MINUTES * 60_000;

interface CentreRow {
  id: number;
  open_time: string;
  close_time: string;
  service_bays: number;
}

/**
 * Where an appointment of `durationMinutes` goes: the step nearest to `wanted` (later first, then earlier) on
 * today's date within opening hours whose steps all have a free bay by `occupancy`; null when none.
 */
function placeStart(centre: CentreRow, date: string, wanted: number, durationMinutes: number, occupancy: Map<string, number>): Date | null {
  const open = vietnamInstant(date, centre.open_time).getTime();
  const lastStart = vietnamInstant(date, centre.close_time).getTime() - durationMinutes * 60_000;
  if (lastStart < open) return null;
  const clamped = Math.min(Math.max(wanted, open), lastStart - ((lastStart - open) % SLOT_MS));
  const candidates: number[] = [];
  for (let at = clamped; at <= lastStart; at += SLOT_MS) candidates.push(at);
  for (let at = clamped - SLOT_MS; at >= open; at -= SLOT_MS) candidates.push(at);
  for (const at of candidates) {
    const steps = occupiedSteps(new Date(at), durationMinutes);
    if (steps.every((step) => (occupancy.get(step) ?? 0) < centre.service_bays)) return new Date(at);
  }
  return null;
}

interface ChecklistTemplateItem {
  code: string;
  label: string;
}

/** The order's checklist from its services' templates, each code once, in service and template order. */
async function writeChecklist(trx: Transaction<Database>, serviceOrderId: number, serviceSlugs: readonly string[], answer: (code: string, index: number, total: number) => { result: string | null; note: string | null }, technicianId: number, at: string): Promise<void> {
  const services = await trx.selectFrom('services').select(['slug', 'checklist']).where('slug', 'in', [...serviceSlugs]).execute();
  const items = new Map<string, ChecklistTemplateItem>();
  for (const slug of serviceSlugs) {
    const template = JSON.parse(services.find((service) => service.slug === slug)?.checklist ?? '[]') as ChecklistTemplateItem[];
    for (const item of template) if (!items.has(item.code)) items.set(item.code, item);
  }
  const list = [...items.values()];
  if (list.length === 0) return;
  await trx
    .insertInto('service_order_checklist_items')
    .values(
      list.map((item, index) => {
        const { result, note } = answer(item.code, index, list.length);
        return {
          service_order_id: serviceOrderId,
          code: item.code,
          label: item.label,
          sort_order: index,
          result,
          note,
          checked_by: result === null ? null : technicianId,
          checked_at: result === null ? null : at,
        };
      }),
    )
    .execute();
}

async function freeOrderCode(trx: Transaction<Database>, at: Date): Promise<string> {
  for (;;) {
    const code = backOfficeCode('PDV', at);
    if (!(await trx.selectFrom('service_orders').select('id').where('code', '=', code).executeTakeFirst())) return code;
  }
}

async function freeAppointmentCode(trx: Transaction<Database>, start: Date): Promise<string> {
  for (;;) {
    const code = newAppointmentCode(start);
    if (!(await trx.selectFrom('appointments').select('id').where('code', '=', code).executeTakeFirst())) return code;
  }
}

/** Today's floor at the first centre, when it has no appointment today. Returns how many appointments it has today. */
async function seedTodayFloor(trx: Transaction<Database>, now: Date): Promise<number> {
  const centre = await trx.selectFrom('service_centres').select(['id', 'open_time', 'close_time', 'service_bays']).where('slug', '=', FIRST_CENTRE).executeTakeFirst();
  if (!centre) return 0;
  const date = vietnamDateOf(now);
  const dayStart = vietnamInstant(date, '00:00').toISOString();
  const dayEnd = new Date(vietnamInstant(date, '00:00').getTime() + 86_400_000).toISOString();
  // The demo fleet's bookings for today (made on an earlier day's start: demoBookings.ts) are not the floor.
  const todays = () =>
    trx
      .selectFrom('appointments')
      .select('id')
      .where('centre_id', '=', centre.id)
      .where('starts_at', '>=', dayStart)
      .where('starts_at', '<', dayEnd)
      .where((eb) => eb.not(isDemoBooking(eb)))
      .execute();
  const already = (await todays()).length;
  if (already > 0) return already;

  const people = await trx
    .selectFrom('users')
    .leftJoin('staff_assignments', (join) => join.onRef('staff_assignments.user_id', '=', 'users.id').on('staff_assignments.ended_at', 'is', null))
    .select(['users.id', 'users.email', 'users.role', 'users.full_name', 'users.phone_number', 'staff_assignments.centre_id'])
    .where('users.email', 'in', [TECHNICIAN_EMAIL, STAFF_EMAIL, CUSTOMER_EMAIL])
    .execute();
  const technician = people.find((person) => person.email === TECHNICIAN_EMAIL && person.role === 'technician' && person.centre_id === centre.id) ?? null;
  const staffId = people.find((person) => person.email === STAFF_EMAIL)?.id ?? null;
  const customer = people.find((person) => person.email === CUSTOMER_EMAIL && person.role === 'customer') ?? null;
  const serviceRows = await trx
    .selectFrom('services')
    .select(['id', 'slug', 'name', 'price', 'duration_minutes'])
    .where('slug', 'in', TODAY_FLOOR.flatMap((entry) => entry.services))
    .where('is_active', '=', 1)
    .execute();

  // What today's steps hold already (nothing is booked today, but rows may exist), and the floor's bays and clock.
  const occupancy = new Map(
    (await trx.selectFrom('slot_occupancy').select(['slot_start', 'booked']).where('centre_id', '=', centre.id).where('slot_start', '>=', dayStart).where('slot_start', '<', dayEnd).execute()).map(
      (row) => [new Date(row.slot_start).toISOString(), row.booked] as const,
    ),
  );
  const takenBays = new Set(
    (await trx.selectFrom('bay_occupancy').select('bay_no').where('centre_id', '=', centre.id).where('to_at', 'is', null).execute()).map((row) => row.bay_no),
  );
  let clockRunning =
    technician !== null && (await trx.selectFrom('work_time_entries').select('id').where('technician_id', '=', technician.id).where('ended_at', 'is', null).executeTakeFirst()) !== undefined;
  const freeBay = (): number | null => {
    for (let bay = 1; bay <= centre.service_bays; bay += 1) {
      if (!takenBays.has(bay)) {
        takenBays.add(bay);
        return bay;
      }
    }
    return null;
  };

  const stepUnderWay = Math.floor(now.getTime() / SLOT_MS) * SLOT_MS;
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  for (const entry of TODAY_FLOOR) {
    const services = entry.services.map((slug) => serviceRows.find((row) => row.slug === slug)).filter((row) => row !== undefined);
    if (services.length !== entry.services.length) continue;
    // Work on the floor needs the demo technician at this centre; without them it is only booked.
    const state: FloorState = technician === null && ['WORK_DONE', 'IN_PROGRESS', 'OPEN'].includes(entry.state) ? 'CONFIRMED' : entry.state;
    let vehicle: { id: number | null; userId: number | null; type: string; brand: string; model: string; plate: string; name: string; phone: string; email: string };
    if ('demoCustomerCar' in entry.who) {
      if (!customer) continue;
      const car = await trx
        .selectFrom('vehicles')
        .select(['id', 'type', 'brand', 'model', 'license_plate'])
        .where('user_id', '=', customer.id)
        .where('license_plate', '=', entry.who.demoCustomerCar)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!car) continue;
      vehicle = {
        id: car.id,
        userId: customer.id,
        type: car.type,
        brand: car.brand,
        model: car.model,
        plate: car.license_plate,
        name: customer.full_name,
        phone: customer.phone_number ?? '',
        email: CUSTOMER_EMAIL,
      };
    } else {
      const who = entry.who;
      vehicle = { id: null, userId: null, type: who.type, brand: who.brand, model: who.model, plate: who.plate, name: who.name, phone: who.phone, email: who.email };
    }
    const durationMinutes = services.reduce((sum, service) => sum + service.duration_minutes, 0);
    const start = placeStart(centre, date, stepUnderWay + entry.offsetMinutes * 60_000, durationMinutes, occupancy);
    if (!start) continue;
    const steps = occupiedSteps(start, durationMinutes);
    for (const step of steps) occupancy.set(step, (occupancy.get(step) ?? 0) + 1);
    await trx
      .insertInto('slot_occupancy')
      .values(steps.map((step) => ({ centre_id: centre.id, slot_start: step, booked: 1 })))
      .onConflict((conflict) => conflict.columns(['centre_id', 'slot_start']).doUpdateSet((eb) => ({ booked: eb('slot_occupancy.booked', '+', 1) })))
      .execute();

    const appointmentStatus = state === 'WORK_DONE' || state === 'IN_PROGRESS' ? 'IN_PROGRESS' : state === 'OPEN' ? 'CHECKED_IN' : state;
    const bookedAt = minutesAgo(24 * 60);
    const appointment = await trx
      .insertInto('appointments')
      .values({
        code: await freeAppointmentCode(trx, start),
        user_id: vehicle.userId,
        vehicle_id: vehicle.id,
        vehicle_type: vehicle.type,
        vehicle_brand: vehicle.brand,
        vehicle_model: vehicle.model,
        license_plate: vehicle.plate,
        centre_id: centre.id,
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + durationMinutes * 60_000).toISOString(),
        status: appointmentStatus,
        estimated_price: services.reduce((sum, service) => sum + service.price, 0),
        estimated_duration_minutes: durationMinutes,
        note: entry.note,
        contact_name: vehicle.name,
        contact_phone: vehicle.phone,
        contact_email: vehicle.email,
        package_credit_id: null,
        hold_expires_at: null,
        cancel_reason: null,
        created_at: bookedAt,
        updated_at: bookedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('appointment_services')
      .values(services.map((service) => ({ appointment_id: appointment.id, service_id: service.id, service_name: service.name, price: service.price, duration_minutes: service.duration_minutes })))
      .execute();
    if (entry.symptoms.length > 0) {
      await trx
        .insertInto('appointment_symptoms')
        .values(entry.symptoms.map((code) => ({ appointment_id: appointment.id, code, source: 'customer', recorded_by: null, created_at: bookedAt })))
        .execute();
    }
    const history: Array<[string | null, string, string]> = [[null, 'PENDING', bookedAt]];
    if (state !== 'PENDING') history.push(['PENDING', 'CONFIRMED', minutesAgo(20 * 60)]);

    if (state === 'CONFIRMED' || state === 'PENDING' || technician === null) {
      await trx
        .insertInto('appointment_status_history')
        .values(history.map(([from, to, at]) => ({ appointment_id: appointment.id, from_status: from, to_status: to, changed_by: from === null ? vehicle.userId : staffId, note: null, created_at: at })))
        .execute();
      continue;
    }

    // Checked in, and for some the work began or is done: the service order as the floor would have left it.
    const timeline = {
      OPEN: { opened: 20, started: null, done: null },
      IN_PROGRESS: { opened: 75, started: 60, done: null },
      WORK_DONE: { opened: 160, started: 150, done: 45 },
    }[state as 'OPEN' | 'IN_PROGRESS' | 'WORK_DONE'];
    const openedAt = minutesAgo(timeline.opened);
    const startedAt = timeline.started === null ? null : minutesAgo(timeline.started);
    const doneAt = timeline.done === null ? null : minutesAgo(timeline.done);
    history.push(['CONFIRMED', 'CHECKED_IN', openedAt]);
    if (startedAt) history.push(['CHECKED_IN', 'IN_PROGRESS', startedAt]);
    await trx
      .insertInto('appointment_status_history')
      .values(
        history.map(([from, to, at]) => ({
          appointment_id: appointment.id,
          from_status: from,
          to_status: to,
          changed_by: from === null ? vehicle.userId : to === 'IN_PROGRESS' ? technician.id : staffId,
          note: null,
          created_at: at,
        })),
      )
      .execute();
    const bay = state === 'WORK_DONE' ? null : freeBay();
    const orderStatus: ServiceOrderStatus = state as ServiceOrderStatus;
    const order = await trx
      .insertInto('service_orders')
      .values({
        code: await freeOrderCode(trx, now),
        appointment_id: appointment.id,
        centre_id: centre.id,
        user_id: vehicle.userId,
        vehicle_id: vehicle.id,
        vehicle_type: vehicle.type,
        vehicle_brand: vehicle.brand,
        vehicle_model: vehicle.model,
        license_plate: vehicle.plate,
        status: orderStatus,
        technician_id: technician.id,
        bay_no: bay,
        odometer_in_km: entry.odometerKm,
        customer_concern: entry.concern,
        intake_note: null,
        opened_by: staffId,
        opened_at: openedAt,
        started_at: startedAt,
        work_done_at: doneAt,
        invoiced_at: null,
        closed_at: null,
        cancelled_at: null,
        cancel_reason: null,
        version: orderStatus === 'OPEN' ? 1 : orderStatus === 'IN_PROGRESS' ? 2 : 3,
        updated_at: doneAt ?? startedAt ?? openedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderHistory: Array<[string | null, string, string, number | null]> = [[null, 'OPEN', openedAt, staffId]];
    if (startedAt) orderHistory.push(['OPEN', 'IN_PROGRESS', startedAt, technician.id]);
    if (doneAt) orderHistory.push(['IN_PROGRESS', 'WORK_DONE', doneAt, technician.id]);
    await trx
      .insertInto('service_order_status_history')
      .values(orderHistory.map(([from, to, at, by]) => ({ service_order_id: order.id, from_status: from, to_status: to, changed_by: by, note: null, created_at: at })))
      .execute();
    await writeChecklist(
      trx,
      order.id,
      entry.services,
      (code, index, total) => {
        if (state === 'WORK_DONE') return code === 'BRAKE_PADS' ? { result: 'FAIL', note: 'Má phanh trước mòn còn 2 mm, nên thay ở lần bảo dưỡng tới.' } : { result: 'PASS', note: null };
        if (state === 'IN_PROGRESS' && index < Math.ceil(total / 2)) return { result: 'PASS', note: null };
        return { result: null, note: null };
      },
      technician.id,
      doneAt ?? minutesAgo(15),
    );
    await writeBookedLines(trx, order.id, appointment.id, null);
    if (bay !== null) await trx.insertInto('bay_occupancy').values({ centre_id: centre.id, bay_no: bay, service_order_id: order.id, from_at: openedAt, to_at: null }).execute();
    if (startedAt) {
      // The clock ran while the work was done; on the order in progress it runs still (one running clock per technician).
      const running = doneAt === null && !clockRunning;
      if (doneAt !== null || running) {
        await trx
          .insertInto('work_time_entries')
          .values({ service_order_id: order.id, technician_id: technician.id, started_at: startedAt, ended_at: doneAt, source: 'clock', edited_by: null, edit_reason: null })
          .execute();
      }
      if (running) clockRunning = true;
    }
  }
  return (await todays()).length;
}

/** The back office's demo people, their centres, and today's floor (see above). */
export async function seedBackOffice(trx: Transaction<Database>, now: Date = new Date()): Promise<BackOfficeSeedReport> {
  const at = now.toISOString();
  const accounts = await seedAccounts(trx, at);
  const assignments = await seedAssignments(trx, at);
  const todayAppointments = await seedTodayFloor(trx, now);
  return { accounts, assignments, todayAppointments };
}
