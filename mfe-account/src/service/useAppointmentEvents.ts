import { useEffect, useRef, useState } from 'react';
import { sessionStore } from 'shared-contracts';
import { subscribeAppointmentEvents, type AppointmentStatusEvent, type OrderLiveEvent, type ServiceOrderLiveEvent } from './appointmentEvents';
import { serviceApi } from './serviceApi';

export interface AppointmentEventHandlers {
  /** an appointment's status changed */
  onStatus?: (event: AppointmentStatusEvent) => void;
  /** the service order of an appointment changed (the car's work at the centre) */
  onServiceOrder?: (event: ServiceOrderLiveEvent) => void;
  /** one of the customer's shop orders moved or was paid */
  onOrderStatus?: (event: OrderLiveEvent) => void;
  /** the stream was down and is back: fetch what may have been missed */
  onReconnected: () => void;
}

/**
 * Keeps the appointment stream open while the component is mounted (and a customer is logged in), calling the
 * latest handlers for each event. Returns whether the stream is open now (a page may poll while it is not).
 */
export function useAppointmentEvents(handlers: AppointmentEventHandlers, userId: string | null): boolean {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!userId || !sessionStore.token) return;
    const unsubscribe = subscribeAppointmentEvents({
      onStatus: (event) => latest.current.onStatus?.(event),
      onServiceOrder: (event) => latest.current.onServiceOrder?.(event),
      onOrderStatus: (event) => latest.current.onOrderStatus?.(event),
      onConnectionChange: (state) => setOpen(state === 'open'),
      onOpen: ({ reconnected }) => {
        if (reconnected) latest.current.onReconnected();
      },
      renewToken: serviceApi.renewSession,
    });
    return () => {
      unsubscribe();
      setOpen(false);
    };
  }, [userId]);
  return open;
}
