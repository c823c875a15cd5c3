import { apiClient, readData } from 'shared-contracts';
import type { CheckInCode } from 'shared-contracts/schemas';

/** GET /appointments/:id/check-in-code: the customer's QR for the counter. */
export const checkInCodeApi = {
  code: (appointmentId: number, signal?: AbortSignal) => readData<CheckInCode>(apiClient.get(`/appointments/${appointmentId}/check-in-code`, { signal })),
};
