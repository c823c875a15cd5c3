import { ApiError, apiClient, readData } from 'shared-contracts';
import { ERROR_CODES } from 'shared-contracts/errors';
import type { VehicleRecall } from 'shared-contracts/schemas';
import type { Appointment, AppointmentCreateInput, Availability, CustomerPackageCredit, NextSlot, Vehicle } from './bookingTypes';


function getData<T>(path: string, query?: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<T> {
  return readData<T>(apiClient.get(path, { query, signal }));
}

export type BookingResult = { kind: 'booked'; appointment: Appointment } | { kind: 'slotFull'; message: string; nextSlots: NextSlot[] };

function readNextSlots(body: unknown): NextSlot[] {
  if (typeof body !== 'object' || body === null) return [];
  const list = (body as { nextSlots?: unknown }).nextSlots;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (entry): entry is NextSlot => typeof entry === 'object' && entry !== null && typeof (entry as NextSlot).start === 'string' && typeof (entry as NextSlot).time === 'string',
  );
}

/**
 * The booking wizard's calls (through the shared API client: /api, 10 s timeout, the session's Bearer token).
 * Failures throw the client's ApiError with the server's Vietnamese message.
 */
export const bookingApi = {
  /** GET /vehicles: the logged-in customer's vehicles. */
  vehicles: (signal?: AbortSignal) => getData<Vehicle[]>('/vehicles', undefined, signal),

  /** GET /vehicles/:id/recalls: the customer's vehicle's open recalls (issue 66 §4), whose remedy can be booked free. */
  recalls: (vehicleId: number, signal?: AbortSignal) => getData<{ items: VehicleRecall[] }>(`/vehicles/${vehicleId}/recalls`, undefined, signal).then((data) => data.items),

  /** GET /me/package-credits: what is left of the packages bought; none while the shop's API does not exist (404). */
  packageCredits: async (signal?: AbortSignal): Promise<CustomerPackageCredit[]> => {
    try {
      return await getData<CustomerPackageCredit[]>('/me/package-credits', undefined, signal);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return [];
      throw error;
    }
  },

  /** GET /centres/:id/availability?date=&durationMinutes=: the day's 30-minute slots. */
  availability: (centreId: number, date: string, durationMinutes: number, signal?: AbortSignal) =>
    getData<Availability>(`/centres/${centreId}/availability`, { date, durationMinutes }, signal),

  /** POST /appointments: booked, or the slot filled up meanwhile (409 SLOT_FULL with the next free slots). */
  book: async (input: AppointmentCreateInput): Promise<BookingResult> => {
    try {
      return { kind: 'booked', appointment: await readData<Appointment>(apiClient.post('/appointments', input)) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.code === ERROR_CODES.SLOT_FULL) {
        return { kind: 'slotFull', message: error.message, nextSlots: readNextSlots(error.body) };
      }
      throw error;
    }
  },

  /** POST /appointments/:code/verify {email, otpCode}: a guest's booking confirmed by the emailed code. */
  verify: (code: string, email: string, otpCode: string): Promise<Appointment> =>
    readData<Appointment>(apiClient.post(`/appointments/${encodeURIComponent(code)}/verify`, { email, otpCode })),
};

export type BookingApi = typeof bookingApi;
