import { ApiError, apiClient, ensureSucceeded, readData, responseMessage } from 'shared-contracts';
import type {
  Appointment,
  Availability,
  CustomerApproval,
  CustomerApprovalInput,
  CustomerPackageCredit,
  CustomerInspection,
  CustomerServiceOrder,
  MaintenanceRecord,
  MaintenanceRecordDetail,
  OrderSummaryPage,
  SavedPromotion,
  Vehicle,
  VehicleInput,
  VehicleModelRecord,
  VehicleType,
  VehicleUpdateInput,
} from 'shared-contracts/schemas';

/**
 * The customer's service side: vehicles, appointments, maintenance history, and what the dashboard shows of the
 * shop (orders, package credits, saved promotions). Every function unwraps the envelope `{ success, message,
 * data }` and throws the API client's ApiError (Vietnamese message, status, field errors).
 */

/** null when the endpoint does not exist yet (404): the dashboard hides that section. */
async function optional<T>(request: () => Promise<T>): Promise<T | null> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * A completed appointment stays on the dashboard this long after its start: its invoice (with the VietQR code
 * while unpaid) and then its paid state remain in sight after the appointment has left the upcoming list.
 */
export const RECENTLY_COMPLETED_MS = 3 * 24 * 60 * 60 * 1000;
/** The latest past appointments the dashboard reads to find the recently completed ones. */
const RECENT_PAST_APPOINTMENTS = 10;

/** Orders still under way (the dashboard's "active orders"). */

export const serviceApi = {
  vehicles: (signal?: AbortSignal) => readData<Vehicle[]>(apiClient.get('/vehicles', { signal })),
  createVehicle: (input: VehicleInput) => readData<Vehicle>(apiClient.post('/vehicles', input)),
  updateVehicle: (id: number, input: VehicleUpdateInput) => readData<Vehicle>(apiClient.put(`/vehicles/${id}`, input)),
  deleteVehicle: async (id: number): Promise<void> => {
    ensureSucceeded(await apiClient.delete(`/vehicles/${id}`));
  },
  /** GET /vehicle-models?type= (public, active ones): the reference models the vehicle form offers. */
  vehicleModels: async (type: VehicleType, signal?: AbortSignal) =>
    (await readData<{ items: VehicleModelRecord[] }>(apiClient.get('/vehicle-models', { query: { type }, signal }))).items,

  upcomingAppointments: (signal?: AbortSignal) => readData<Appointment[]>(apiClient.get('/appointments', { query: { scope: 'upcoming' }, signal })),
  /** GET /appointments?scope=past (the latest 10): the ones COMPLETED in the last RECENTLY_COMPLETED_MS (the car was just serviced). */
  recentlyCompletedAppointments: async (signal?: AbortSignal, now: number = Date.now()) =>
    (await readData<Appointment[]>(apiClient.get('/appointments', { query: { scope: 'past', limit: RECENT_PAST_APPOINTMENTS }, signal }))).filter(
      (appointment) => appointment.status === 'COMPLETED' && now - Date.parse(appointment.start) <= RECENTLY_COMPLETED_MS,
    ),
  /** GET /appointments/:id/service-order: the car's work at the centre (status, lines, invoice); null before check-in (404). */
  appointmentServiceOrder: (appointmentId: number, signal?: AbortSignal) =>
    optional(() => readData<CustomerServiceOrder>(apiClient.get(`/appointments/${appointmentId}/service-order`, { signal }))),
  cancelAppointment: (id: number, reason?: string) => readData<Appointment>(apiClient.post(`/appointments/${id}/cancel`, reason ? { reason } : {})),
  /** POST /appointments/:id/reschedule: a 409 SLOT_FULL throws an ApiError whose body carries `nextSlots`. */
  rescheduleAppointment: (id: number, start: string) => readData<Appointment>(apiClient.post(`/appointments/${id}/reschedule`, { start })),
  /** GET /centres/:id/availability?date=&durationMinutes=: the day's 30-minute slots (what the booking page shows). */
  availability: (centreId: number, date: string, durationMinutes: number, signal?: AbortSignal) =>
    readData<Availability>(apiClient.get(`/centres/${centreId}/availability`, { query: { date, durationMinutes }, signal })),
  /** GET /appointments/:id/inspection: the car's checklist results, photos and advice; null before check-in (404). */
  appointmentInspection: (appointmentId: number, signal?: AbortSignal) =>
    optional(() => readData<CustomerInspection>(apiClient.get(`/appointments/${appointmentId}/inspection`, { signal }))),

  maintenanceRecords: (vehicleId: number | null, signal?: AbortSignal) =>
    readData<MaintenanceRecord[]>(apiClient.get('/maintenance-records', { query: { vehicleId: vehicleId ?? undefined }, signal })),
  maintenanceRecord: (id: number, signal?: AbortSignal) => readData<MaintenanceRecordDetail>(apiClient.get(`/maintenance-records/${id}`, { signal })),

  /** GET /orders?open=true: the newest of those not completed or cancelled; null while the shop's API does not exist. */
  activeOrders: (signal?: AbortSignal) =>
    optional(async () => (await readData<OrderSummaryPage>(apiClient.get('/orders', { query: { open: 'true' }, signal }))).items),
  /** GET /me/approvals: the extra work waiting for the customer's yes or no ('Cần bạn duyệt'); null while the API does not exist. */
  approvals: (signal?: AbortSignal) => optional(() => readData<CustomerApproval[]>(apiClient.get('/me/approvals', { signal }))),
  /**
   * POST /me/approvals/:requestId {decision, reason?}: the request as it is now and the server's Vietnamese message
   * (the same decision again answers 200 unchanged; 409 APPROVAL_EXPIRED or DECISION_ALREADY_RECORDED throw).
   */
  decideApproval: async (requestId: number, input: CustomerApprovalInput): Promise<{ approval: CustomerApproval; message: string }> => {
    const body = await apiClient.post(`/me/approvals/${requestId}`, input);
    return { approval: await readData<CustomerApproval>(Promise.resolve(body)), message: responseMessage(body) ?? '' };
  },
  /** GET /me/package-credits; null while the shop's API does not exist. */
  packageCredits: (signal?: AbortSignal) => optional(() => readData<CustomerPackageCredit[]>(apiClient.get('/me/package-credits', { signal }))),
  savedPromotions: (signal?: AbortSignal) => readData<SavedPromotion[]>(apiClient.get('/me/saved-promotions', { signal })),

  /**
   * Any authenticated call through the shared client renews an expired access token (401 → refresh → retry) or
   * logs out when the refresh is refused: what the live status stream needs after its own 401.
   */
  renewSession: () => apiClient.get('/Auth/profile'),
};

export type ServiceApi = typeof serviceApi;
