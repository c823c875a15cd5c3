import { apiClient, readData, readOk } from 'shared-contracts';
import type {
  CentreTechnician,
  CheckInInput,
  CustomerSearchResult,
  Service,
  ServiceOrderDetail,
  StaffBays,
  StaffCustomerDetail,
  StaffDay,
  StaffSummary,
  VehicleModelRecord,
  WalkInInput,
} from 'shared-contracts/schemas';

export type StaffAppointmentAction = 'CONFIRMED' | 'CANCELLED' | 'NO_SHOW';

export interface DayQuery {
  date: string;
  status?: string;
  q?: string;
}

/** What a walk-in creates: the appointment, as the day view shows it (only the fields the page announces). */
export interface WalkInResult {
  id?: number;
  code?: string;
  start?: string;
}

/** The customer search may answer a list or `{ customers }`. */
function customerList(data: unknown): CustomerSearchResult[] {
  if (Array.isArray(data)) return data as CustomerSearchResult[];
  const wrapped = (data as { customers?: unknown; items?: unknown } | null) ?? {};
  const list = wrapped.customers ?? wrapped.items;
  return Array.isArray(list) ? (list as CustomerSearchResult[]) : [];
}

/** The front desk's calls (spec back-office §7 S1–S4). */
export const frontDeskApi = {
  /** GET /staff/summary: today's counters of the centre. */
  summary: (signal?: AbortSignal) => readData<StaffSummary>(apiClient.get('/staff/summary', { signal })),
  /** GET /staff/appointments?date=&status=&q=: the day view. */
  day: (query: DayQuery, signal?: AbortSignal) =>
    readData<StaffDay>(apiClient.get('/staff/appointments', { query: { date: query.date, status: query.status, q: query.q }, signal })),
  /** PATCH /appointments/:id/status: confirm, cancel (the reason as note) or no-show. */
  setStatus: (id: number, status: StaffAppointmentAction, note?: string | null) =>
    readOk(apiClient.patch(`/appointments/${id}/status`, { status, note: note ?? null })),
  /** POST /staff/appointments/walk-in: 201 with the appointment, or 409 SLOT_FULL with nextSlots. */
  walkIn: (input: WalkInInput) => readData<WalkInResult>(apiClient.post('/staff/appointments/walk-in', input)),
  /** POST /staff/appointments/:id/check-in: 201 with the new service order. */
  checkIn: (id: number, input: CheckInInput) => readData<ServiceOrderDetail>(apiClient.post(`/staff/appointments/${id}/check-in`, input)),
  /**
   * GET /staff/customers?q=: name, phone, email or plate (at least 2 characters): the centre's customers, and
   * another centre's found by their exact phone or plate (`access: 'walk-in'`: name, phone, plates only).
   */
  searchCustomers: async (q: string, signal?: AbortSignal) => customerList(await readData<unknown>(apiClient.get('/staff/customers', { query: { q }, signal }))),
  /**
   * GET /staff/customers/:id?q=: the read-only detail. `q` is what the customer was found by: another centre's
   * customer is shown (name, phone, vehicles) only when it is their exact phone or plate.
   */
  customer: (id: number, signal?: AbortSignal, q?: string) => readData<StaffCustomerDetail>(apiClient.get(`/staff/customers/${id}`, { query: { q }, signal })),
  /** GET /staff/technicians: the centre's technicians (for check-in and assignment). */
  technicians: (signal?: AbortSignal) => readData<CentreTechnician[]>(apiClient.get('/staff/technicians', { signal })),
  /** GET /staff/bays: the centre's bays and the vehicle in each occupied one (check-in marks them). */
  bays: (signal?: AbortSignal) => readData<StaffBays>(apiClient.get('/staff/bays', { signal })),
  /** GET /services: the public catalogue of services (walk-in). */
  services: (signal?: AbortSignal) => readData<Service[]>(apiClient.get('/services', { signal })),
  /** GET /vehicle-models: the active reference models ("Dòng xe"), every type, in the API's order (walk-in). */
  vehicleModels: (signal?: AbortSignal) => readData<{ items: VehicleModelRecord[] }>(apiClient.get('/vehicle-models', { signal })).then((data) => data.items),
};

export type FrontDeskApi = typeof frontDeskApi;
