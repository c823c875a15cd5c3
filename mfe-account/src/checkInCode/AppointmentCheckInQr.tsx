import { useCallback } from 'react';
import { CheckInQr, checkInQrText } from 'shared-contracts/react';
import { checkInCodeApi } from './checkInCodeApi';
import { loadedOf, useAsync } from '../hooks/useAsync';

/** Statuses whose appointment has a check-in code (the API answers 409 for the others). */
export const CHECK_IN_CODE_STATUSES: ReadonlySet<string> = new Set(['PENDING', 'CONFIRMED']);

/** An upcoming appointment's QR, shown while it is waiting for the customer to arrive. */
export function AppointmentCheckInQr({ appointmentId, appointmentCode }: { appointmentId: number; appointmentCode: string }) {
  const read = useCallback((signal: AbortSignal) => checkInCodeApi.code(appointmentId, signal), [appointmentId]);
  const state = loadedOf(useAsync(read, {}).state);
  if (state.status === 'loading') return <p>{checkInQrText.loading}</p>;
  if (state.status === 'failed') return <p>{state.message}</p>;
  return <CheckInQr qrImageDataUrl={state.data.qrImageDataUrl} appointmentCode={appointmentCode} />;
}
