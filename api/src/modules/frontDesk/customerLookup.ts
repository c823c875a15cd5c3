import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  ERROR_CODES,
  APPOINTMENT_STATUS_LABELS,
  foldVietnamese,
  SERVICE_ORDER_STATUS_LABELS,
  type AppointmentStatus,
  type CustomerDetail,
  type CustomerSearchResult,
  type ServiceOrderStatus,
  type StaffCustomerDetail,
  type WalkInCustomerDetail,
} from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { centreScopeMessages, type CentreScope } from '../../security/centreScope';
import { compactFold } from './staffDay';

/**
 * The front desk's customer lookup (S4), within the centre scope of spec §3.
 *
 * - A customer belongs to a centre once they have an appointment there, a shop order to pick up there
 *   (`orders.centre_id`; a delivered order has no centre) or a service order there. Staff and managers search
 *   and open their centre's customers in full; admins every customer (`?centreId=`: that centre's).
 * - An exact phone number or plate also finds a customer of another centre (a walk-in at the counter): the
 *   answer is `access: 'walk-in'` with name, phone and vehicles only (no email, appointments, service orders,
 *   shop orders or maintenance history). The detail of such a customer answers 404 unless the request carries
 *   what they were found by (`?q=` their exact phone or one of their plates): the server keeps no state, and
 *   knowing the phone or the plate is what the walk-in rule asks for. Once booked at the caller's centre (a
 *   walk-in appointment is one), the customer belongs to it and shows in full.
 *
 * The centre test is three EXISTS on indexed user columns (appointments_user_start_idx, orders_user_created_idx,
 * service_orders_user_idx): a few index probes per customer, run for one customer (the detail) or for the
 * customers a search matched (searchCustomers), never for the whole base. The search folds Vietnamese
 * (foldVietnamese, the catalogue's rule) over name, email, phone and plates in memory: SQL cannot fold diacritics
 * portably and the users table has no folded column. A folded search column would be the next step.
 */

export const CUSTOMER_SEARCH_LIMIT = 20;
/** At most this many entries per list of the detail (the newest first). */
export const CUSTOMER_DETAIL_LIST_LIMIT = 50;

export const customerLookupMessages = {
  notFound: 'Không tìm thấy khách hàng.',
} as const;

type UsersBuilder = ExpressionBuilder<Database, 'users'>;

/**
 * `column = centreId`, written `+column = centreId`: unary plus is a no-op on an integer in SQLite and PostgreSQL,
 * but it keeps SQLite from answering the EXISTS below through the centre's index (appointments_centre_start_idx,
 * service_orders_centre_id_idx), which it otherwise picks and then reads every appointment of the centre for each
 * customer, where the user's index needs one probe per customer, then their few rows. PostgreSQL plans them well
 * either way.
 */
function centreIs(column: 'appointments.centre_id' | 'service_orders.centre_id' | 'orders.centre_id', centreId: number) {
  return (eb: UsersBuilder) => eb(sql<number>`+${sql.ref(column)}`, '=', centreId);
}

/** The customer (`users.id` of the outer query) belongs to `centreId`: an appointment, a shop order or a service order there. */
function belongsToCentre(eb: UsersBuilder, centreId: number) {
  return eb.or([
    eb.exists(eb.selectFrom('appointments').select('appointments.id').whereRef('appointments.user_id', '=', 'users.id').where(centreIs('appointments.centre_id', centreId))),
    eb.exists(eb.selectFrom('service_orders').select('service_orders.id').whereRef('service_orders.user_id', '=', 'users.id').where(centreIs('service_orders.centre_id', centreId))),
    eb.exists(eb.selectFrom('orders').select('orders.id').whereRef('orders.user_id', '=', 'users.id').where(centreIs('orders.centre_id', centreId))),
  ]);
}

/**
 * The centre whose customers the caller sees in full: their own (another `?centreId=` answers 404, as
 * centreForRequest does), or for an admin the `?centreId=` asked for (404 if none such), else null (all).
 */
async function lookupCentre(db: Kysely<Database>, scope: CentreScope, requested: number | undefined): Promise<number | null> {
  if (scope.centreId !== null) {
    if (requested !== undefined && requested !== scope.centreId) throw AppError.notFound(centreScopeMessages.notFound);
    return scope.centreId;
  }
  if (requested === undefined) return null;
  const centre = await db.selectFrom('service_centres').select('id').where('id', '=', requested).where('kind', '=', 'SERVICE_CENTRE').executeTakeFirst();
  if (!centre) throw AppError.notFound(centreScopeMessages.notFound);
  return centre.id;
}

/** The stored form (0xxxxxxxxx) of a phone number typed with spaces, dots, dashes or +84; null when `q` is none. */
export function exactPhoneOf(q: string): string | null {
  let digits = q.trim().replace(/[\s.\-()]/g, '');
  if (digits.startsWith('+84')) digits = `0${digits.slice(3)}`;
  else if (/^84\d{9,10}$/.test(digits)) digits = `0${digits.slice(2)}`;
  return /^0\d{9,10}$/.test(digits) ? digits : null;
}

/**
 * Whether `q` is exactly the customer's phone (typed with spaces, dots or +84) or one of their plates (compared
 * folded and without separators: '30a12345' is 30A-123.45): what finds a walk-in of another centre.
 */
function foundExactlyBy(q: string, phone: string | null, plates: readonly string[]): boolean {
  const compactQuery = compactFold(q);
  if (phone !== null && (phone === exactPhoneOf(q) || compactFold(phone) === compactQuery)) return true;
  return plates.some((plate) => compactFold(plate) === compactQuery);
}

/** How well `q` finds the customer, or null when it does not. */
function rankOf(summary: { fullName: string; email: string; phone: string | null; plates: string[] }, compactQuery: string, words: readonly string[]): number | null {
  const exact = [summary.phone ?? '', summary.email, ...summary.plates].map(compactFold);
  if (exact.includes(compactQuery)) return 0;
  const fields = [compactFold(summary.fullName), ...exact];
  if (fields.some((field) => field.startsWith(compactQuery))) return 1;
  if (fields.some((field) => field.includes(compactQuery))) return 2;
  // The words in any order: 'anh minh' finds 'Nguyễn Minh Anh'.
  const haystack = [summary.fullName, summary.email, ...summary.plates].map(foldVietnamese).join(' ');
  return words.every((word) => haystack.includes(word)) ? 2 : null;
}

interface Candidate {
  id: number;
  fullName: string;
  email: string;
  phone: string | null;
  plates: string[];
  /** Lower is better: 0 an exact phone, plate or email; 1 a field starting with the query; 2 found inside. */
  rank: number;
}

/**
 * Matches are checked against the centre best first, a chunk at a time until the page is full: 100, then four
 * times as many each round (at most 5,000 ids a statement). A usual query is answered by the first chunk; a short
 * one that matches most of the base, at a centre with few of them, takes a handful of statements (PostgreSQL
 * hashes each chunk's subqueries, one pass over the orders each).
 */
const CENTRE_CHECK_FIRST_CHUNK = 100;
const CENTRE_CHECK_MAX_CHUNK = 5_000;

/** Which of `ids` belong to `centreId` (their EXISTS probes only, not the whole customer base's). */
export async function customersOfCentre(db: Kysely<Database>, centreId: number, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', 'in', [...ids])
    .where((eb) => belongsToCentre(eb, centreId))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * GET /staff/customers?q=&centreId=: up to 20 customers, the best matches first, then by name. The centre's
 * customers (every customer to an admin without `centreId`) in full; for staff and managers also another
 * centre's customer whose exact phone or plate `q` is, as a walk-in (name, phone, plates).
 *
 * Every customer account is matched in memory first (the folding SQL cannot do), then only the matches are
 * checked against the centre, best first, a chunk at a time: the EXISTS probes run for the few customers a
 * query finds, not for the whole base, so the answer does not grow with the shop's orders.
 */
export async function searchCustomers(db: Kysely<Database>, scope: CentreScope, query: { q: string; centreId?: number }): Promise<CustomerSearchResult[]> {
  const { q } = query;
  // A phone number typed +84 … is looked for as stored (0 …).
  const compactQuery = exactPhoneOf(q) ?? compactFold(q);
  const words = foldVietnamese(q).split(' ').filter(Boolean);
  if (!compactQuery) return [];
  const centreId = await lookupCentre(db, scope, query.centreId);
  const [users, vehicles] = await Promise.all([
    db.selectFrom('users').select(['id', 'full_name', 'email', 'phone_number']).where('role', '=', 'customer').execute(),
    db
      .selectFrom('vehicles')
      .innerJoin('users', 'users.id', 'vehicles.user_id')
      .select(['vehicles.user_id', 'vehicles.license_plate'])
      .where('users.role', '=', 'customer')
      .where('vehicles.deleted_at', 'is', null)
      .orderBy('vehicles.id')
      .execute(),
  ]);
  const platesOf = new Map<number, string[]>();
  for (const vehicle of vehicles) {
    const plates = platesOf.get(vehicle.user_id);
    if (plates) plates.push(vehicle.license_plate);
    else platesOf.set(vehicle.user_id, [vehicle.license_plate]);
  }
  const ranked: Candidate[] = [];
  for (const user of users) {
    const candidate = { id: user.id, fullName: user.full_name, email: user.email, phone: user.phone_number, plates: platesOf.get(user.id) ?? [] };
    const rank = rankOf(candidate, compactQuery, words);
    if (rank !== null) ranked.push({ ...candidate, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.fullName.localeCompare(b.fullName, 'vi') || a.id - b.id);

  const full = ({ id, fullName, email, phone, plates }: Candidate): CustomerSearchResult => ({ access: 'full', id, fullName, email, phone, plates });
  if (centreId === null) return ranked.slice(0, CUSTOMER_SEARCH_LIMIT).map(full);
  // Staff and managers (not an admin choosing a centre) also get another centre's customer found exactly.
  const walkInsAllowed = scope.centreId !== null;
  const results: CustomerSearchResult[] = [];
  let size = CENTRE_CHECK_FIRST_CHUNK;
  for (let start = 0; start < ranked.length && results.length < CUSTOMER_SEARCH_LIMIT; start += size, size = Math.min(size * 4, CENTRE_CHECK_MAX_CHUNK)) {
    const chunk = ranked.slice(start, start + size);
    const ofCentre = await customersOfCentre(db, centreId, chunk.map((candidate) => candidate.id));
    for (const candidate of chunk) {
      if (results.length >= CUSTOMER_SEARCH_LIMIT) break;
      if (ofCentre.has(candidate.id)) results.push(full(candidate));
      else if (walkInsAllowed && candidate.rank === 0 && foundExactlyBy(q, candidate.phone, candidate.plates)) {
        results.push({ access: 'walk-in', id: candidate.id, fullName: candidate.fullName, phone: candidate.phone, plates: candidate.plates });
      }
    }
  }
  return results;
}

function parseNames(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

function customerNotFound(): AppError {
  return AppError.notFound(customerLookupMessages.notFound, ERROR_CODES.CUSTOMER_NOT_FOUND);
}

/**
 * GET /staff/customers/:id?q=&centreId=: one customer, read-only. 404 for an id that is no customer's. To staff
 * and managers, a customer of their centre in full; another centre's customer as a walk-in (name, phone,
 * vehicles) when `q` is their exact phone or one of their plates, else 404. To an admin every customer in
 * full (with `centreId`, that centre's appointments and service orders only).
 */
export async function readCustomerDetail(
  db: Kysely<Database>,
  scope: CentreScope,
  customerId: number,
  query: { q?: string; centreId?: number } = {},
): Promise<StaffCustomerDetail> {
  const centreId = await lookupCentre(db, scope, query.centreId);
  const user = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'phone_number'])
    .where('id', '=', customerId)
    .where('role', '=', 'customer')
    .executeTakeFirst();
  if (!user) throw customerNotFound();
  // Admins see every customer (with `centreId`, that centre's appointments and service orders).
  const ownCentre = scope.centreId;
  const inCentre =
    ownCentre === null ||
    (await db.selectFrom('users').select('users.id').where('users.id', '=', customerId).where((eb) => belongsToCentre(eb, ownCentre)).executeTakeFirst()) !== undefined;

  const vehicles = await db
    .selectFrom('vehicles')
    .select(['id', 'license_plate', 'brand', 'model', 'year', 'odometer_km'])
    .where('user_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const vehicleViews = vehicles.map((vehicle) => ({
    id: vehicle.id,
    licensePlate: vehicle.license_plate,
    brand: vehicle.brand,
    model: vehicle.model,
    year: vehicle.year,
    odometerKm: vehicle.odometer_km,
  }));
  const plates = vehicles.map((vehicle) => vehicle.license_plate);

  if (!inCentre) {
    if (query.q === undefined || !foundExactlyBy(query.q, user.phone_number, plates)) throw customerNotFound();
    const walkIn: WalkInCustomerDetail = { access: 'walk-in', id: user.id, fullName: user.full_name, phone: user.phone_number, plates, vehicles: vehicleViews };
    return walkIn;
  }

  let appointmentsQuery = db
    .selectFrom('appointments')
    .innerJoin('service_centres', 'service_centres.id', 'appointments.centre_id')
    .select(['appointments.id', 'appointments.code', 'appointments.starts_at', 'appointments.status', 'service_centres.name as centre_name'])
    .where('appointments.user_id', '=', customerId);
  let ordersQuery = db
    .selectFrom('service_orders')
    .select(['id', 'code', 'status', 'opened_at', 'license_plate'])
    .where('user_id', '=', customerId);
  if (centreId !== null) {
    appointmentsQuery = appointmentsQuery.where('appointments.centre_id', '=', centreId);
    ordersQuery = ordersQuery.where('centre_id', '=', centreId);
  }
  const [appointments, serviceOrders, orders, records] = await Promise.all([
    appointmentsQuery.orderBy('appointments.starts_at', 'desc').orderBy('appointments.id', 'desc').limit(CUSTOMER_DETAIL_LIST_LIMIT).execute(),
    ordersQuery.orderBy('opened_at', 'desc').orderBy('id', 'desc').limit(CUSTOMER_DETAIL_LIST_LIMIT).execute(),
    db
      .selectFrom('orders')
      .select(['code', 'created_at', 'status', 'total'])
      .where('user_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CUSTOMER_DETAIL_LIST_LIMIT)
      .execute(),
    db
      .selectFrom('maintenance_records')
      .innerJoin('vehicles', 'vehicles.id', 'maintenance_records.vehicle_id')
      .select(['maintenance_records.id', 'maintenance_records.serviced_at', 'maintenance_records.service_names', 'maintenance_records.cost', 'vehicles.license_plate'])
      .where('vehicles.user_id', '=', customerId)
      .orderBy('maintenance_records.serviced_at', 'desc')
      .orderBy('maintenance_records.id', 'desc')
      .limit(CUSTOMER_DETAIL_LIST_LIMIT)
      .execute(),
  ]);

  const detail: CustomerDetail = {
    access: 'full',
    id: user.id,
    fullName: user.full_name,
    email: user.email,
    phone: user.phone_number,
    plates,
    vehicles: vehicleViews,
    appointments: appointments.map((row) => {
      const status = row.status as AppointmentStatus;
      return { id: row.id, code: row.code, start: toIsoUtc(row.starts_at), status, statusLabel: APPOINTMENT_STATUS_LABELS[status], centreName: row.centre_name };
    }),
    serviceOrders: serviceOrders.map((row) => {
      const status = row.status as ServiceOrderStatus;
      return { id: row.id, code: row.code, status, statusLabel: SERVICE_ORDER_STATUS_LABELS[status], openedAt: toIsoUtc(row.opened_at), licensePlate: row.license_plate };
    }),
    orders: orders.map((row) => ({ code: row.code, createdAt: toIsoUtc(row.created_at), status: row.status, total: row.total })),
    maintenanceRecords: records.map((row) => ({
      id: row.id,
      servicedAt: toIsoUtc(row.serviced_at),
      licensePlate: row.license_plate,
      services: parseNames(row.service_names),
      cost: row.cost,
    })),
  };
  return detail;
}
