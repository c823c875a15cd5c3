import { useEffect, useRef } from 'react';
import { sessionStore } from 'shared-contracts';
import { subscribeAppointmentEvents, type AppointmentStatusEvent, type ServiceOrderLiveEvent } from './appointmentEvents';
import { serviceApi } from './serviceApi';

export interface AppointmentEventHandlers {
  /** an appointment's status changed */
  onStatus: (event: AppointmentStatusEvent) => void;
  /** the service order of an appointment changed (the car's work at the centre) */
  onServiceOrder?: (event: ServiceOrderLiveEvent) => void;
  /** the stream was down and is back: fetch what may have been missed */
  onReconnected: () => void;
}

/**
 * Keeps the appointment stream open while the component is mounted (and a customer is logged in), calling the
 * latest handlers for each event.
 */
export function useAppointmentEvents(handlers: AppointmentEventHandlers, userId: string | null): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!userId || !sessionStore.token) return;
    return subscribeAppointmentEvents({
      onStatus: (event) => latest.current.onStatus(event),
      onServiceOrder: (event) => latest.current.onServiceOrder?.(event),
      onOpen: ({ reconnected }) => {
        if (reconnected) latest.current.onReconnected();
      },
      renewToken: serviceApi.renewSession,
    });
  }, [userId]);
}
