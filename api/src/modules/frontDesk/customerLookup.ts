import type { Kysely } from 'kysely';
import {
  APPOINTMENT_STATUS_LABELS,
  foldVietnamese,
  SERVICE_ORDER_STATUS_LABELS,
  type AppointmentStatus,
  type CustomerDetail,
  type CustomerSummary,
  type ServiceOrderStatus,
} from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../http/centreScope';
import { compactFold } from './staffDay';

/**
 * The front desk's customer lookup (S4). Customers are accounts of the whole chain (they book at any centre),
 * so staff and managers search every customer account, as admins do. The detail is read-only: the vehicles,
 * the shop orders and the maintenance records are the customer's own (a vehicle's history is useful at any
 * centre); the appointments and service orders are those of the caller's centre (every centre for an admin).
 *
 * The search folds Vietnamese (foldVietnamese, the catalogue's rule) over name, email, phone and plates in
 * memory: SQL cannot fold diacritics portably and the users table has no folded column. Two queries (the
 * customers, their plates); fine for the chain's thousands of customers. A folded search column would be the
 * next step beyond that.
 */

export const CUSTOMER_SEARCH_LIMIT = 20;
/** At most this many entries per list of the detail (the newest first). */
export const CUSTOMER_DETAIL_LIST_LIMIT = 50;

export const customerLookupMessages = {
  notFound: 'Không tìm thấy khách hàng.',
} as const;

interface Candidate {
  summary: CustomerSummary;
  /** Lower is better: 0 an exact phone, plate or email; 1 a field starting with the query; 2 found inside. */
  rank: number;
}

/** How well `q` finds the customer, or null when it does not. */
function rankOf(summary: CustomerSummary, compactQuery: string, words: readonly string[]): number | null {
  const exact = [summary.phone ?? '', summary.email, ...summary.plates].map(compactFold);
  if (exact.includes(compactQuery)) return 0;
  const fields = [compactFold(summary.fullName), ...exact];
  if (fields.some((field) => field.startsWith(compactQuery))) return 1;
  if (fields.some((field) => field.includes(compactQuery))) return 2;
  // The words in any order: 'anh minh' finds 'Nguyễn Minh Anh'.
  const haystack = [summary.fullName, summary.email, ...summary.plates].map(foldVietnamese).join(' ');
  return words.every((word) => haystack.includes(word)) ? 2 : null;
}

/** GET /staff/customers?q=: up to 20 customer accounts, the best matches first, then by name. */
export async function searchCustomers(db: Kysely<Database>, q: string): Promise<CustomerSummary[]> {
  const compactQuery = compactFold(q);
  const words = foldVietnamese(q).split(' ').filter(Boolean);
  if (!compactQuery) return [];
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
  const found: Candidate[] = [];
  for (const user of users) {
    const summary: CustomerSummary = { id: user.id, fullName: user.full_name, email: user.email, phone: user.phone_number, plates: platesOf.get(user.id) ?? [] };
    const rank = rankOf(summary, compactQuery, words);
    if (rank !== null) found.push({ summary, rank });
  }
  return found
    .sort((a, b) => a.rank - b.rank || a.summary.fullName.localeCompare(b.summary.fullName, 'vi') || a.summary.id - b.summary.id)
    .slice(0, CUSTOMER_SEARCH_LIMIT)
    .map((candidate) => candidate.summary);
}

function parseNames(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** GET /staff/customers/:id: one customer account, read-only (404 for an id that is no customer's). */
export async function readCustomerDetail(db: Kysely<Database>, scope: CentreScope, customerId: number): Promise<CustomerDetail> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'phone_number'])
    .where('id', '=', customerId)
    .where('role', '=', 'customer')
    .executeTakeFirst();
  if (!user) throw AppError.notFound(customerLookupMessages.notFound, 'CUSTOMER_NOT_FOUND');

  let appointmentsQuery = db
    .selectFrom('appointments')
    .innerJoin('service_centres', 'service_centres.id', 'appointments.centre_id')
    .select(['appointments.id', 'appointments.code', 'appointments.starts_at', 'appointments.status', 'service_centres.name as centre_name'])
    .where('appointments.user_id', '=', customerId);
  let ordersQuery = db
    .selectFrom('service_orders')
    .select(['id', 'code', 'status', 'opened_at', 'license_plate'])
    .where('user_id', '=', customerId);
  if (scope.centreId !== null) {
    appointmentsQuery = appointmentsQuery.where('appointments.centre_id', '=', scope.centreId);
    ordersQuery = ordersQuery.where('centre_id', '=', scope.centreId);
  }
  const [vehicles, appointments, serviceOrders, orders, records] = await Promise.all([
    db
      .selectFrom('vehicles')
      .select(['id', 'license_plate', 'brand', 'model', 'year', 'odometer_km'])
      .where('user_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute(),
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

  return {
    id: user.id,
    fullName: user.full_name,
    email: user.email,
    phone: user.phone_number,
    plates: vehicles.map((vehicle) => vehicle.license_plate),
    vehicles: vehicles.map((vehicle) => ({
      id: vehicle.id,
      licensePlate: vehicle.license_plate,
      brand: vehicle.brand,
      model: vehicle.model,
      year: vehicle.year,
      odometerKm: vehicle.odometer_km,
    })),
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
}
