import { useEffect, useRef } from 'react';
import { sessionStore } from 'shared-contracts';
import { subscribeAppointmentEvents, type AppointmentStatusEvent } from './appointmentEvents';
import { serviceApi } from './serviceApi';

/**
 * Keeps the appointment status stream open while the component is mounted (and a customer is logged in):
 * `onStatus` for each change, `onReconnected` after the stream was down (to fetch what was missed).
 */
export function useAppointmentEvents(onStatus: (event: AppointmentStatusEvent) => void, onReconnected: () => void, userId: string | null): void {
  const handlers = useRef({ onStatus, onReconnected });
  handlers.current = { onStatus, onReconnected };

  useEffect(() => {
    if (!userId || !sessionStore.token) return;
    return subscribeAppointmentEvents({
      onStatus: (event) => handlers.current.onStatus(event),
      onOpen: ({ reconnected }) => {
        if (reconnected) handlers.current.onReconnected();
      },
      renewToken: serviceApi.renewSession,
    });
  }, [userId]);
}
