import { useCallback } from 'react';
import { CheckInQr, checkInQrText } from 'shared-contracts/react';
import { checkInCodeApi } from './checkInCodeApi';
import { useAsync } from '../hooks/useAsync';

/** The booked appointment's QR (the booking confirmation); a booking that has none (409) shows nothing. */
export function AppointmentCheckInQr({ appointmentId, appointmentCode }: { appointmentId: number; appointmentCode: string }) {
  const load = useCallback((signal: AbortSignal) => checkInCodeApi.code(appointmentId, signal), [appointmentId]);
  const { state } = useAsync(load, [load]);
  if (state.status === 'loading') return <p>{checkInQrText.loading}</p>;
  if (state.status === 'error') return state.httpStatus === 409 ? null : <p>{state.message}</p>;
  return <CheckInQr qrImageDataUrl={state.data.qrImageDataUrl} appointmentCode={appointmentCode} />;
}
