import { useCallback } from 'react';
import { ApiError } from 'shared-contracts';
import { CheckInQr, checkInQrText } from 'shared-contracts/react';
import { checkInCodeApi } from './checkInCodeApi';
import { loadedOf, useAsync } from '../hooks/useAsync';

/** The booked appointment's QR (the booking confirmation); a booking that has none (409) shows nothing. */
export function AppointmentCheckInQr({ appointmentId, appointmentCode }: { appointmentId: number; appointmentCode: string }) {
  // a booking without a code (409) reads as null: nothing to show
  const read = useCallback(
    (signal: AbortSignal) =>
      checkInCodeApi.code(appointmentId, signal).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 409) return null;
        throw error;
      }),
    [appointmentId],
  );
  const state = loadedOf(useAsync(read, {}).state);
  if (state.status === 'loading') return <p>{checkInQrText.loading}</p>;
  if (state.status === 'failed') return <p>{state.message}</p>;
  if (state.data === null) return null;
  return <CheckInQr qrImageDataUrl={state.data.qrImageDataUrl} appointmentCode={appointmentCode} />;
}
