import { Link } from 'react-router-dom';
import type { Appointment } from 'shared-contracts/schemas';
import type { AppointmentStatusEvent, ServiceOrderLiveEvent } from '../../service/appointmentEvents';
import type { Loaded } from '../../hooks/useAsync';
import { LoadFailure } from '../../service/LoadFailure';
import { ContactCentreButton } from '../../messages';
import { AppointmentCard } from './AppointmentCard';
import { dashboardText } from './dashboardText';
import formStyles from '../../forms/Form.module.css';
import styles from './DashboardPage.module.css';

const t = dashboardText.appointments;

/** Statuses the customer may still cancel (the server also checks the 2-hour cut-off). */
const CANCELLABLE = new Set(['AWAITING_VERIFICATION', 'PENDING', 'CONFIRMED']);

/** An appointment after a live status change: the new status and label; cancelling only while still allowed. */
export function applyStatus(appointment: Appointment, event: AppointmentStatusEvent): Appointment {
  if (appointment.id !== event.appointmentId) return appointment;
  return {
    ...appointment,
    status: event.status as Appointment['status'],
    statusLabel: event.statusLabel,
    canCancel: appointment.canCancel && CANCELLABLE.has(event.status),
    canReschedule: appointment.canReschedule && CANCELLABLE.has(event.status),
  };
}

interface Props {
  state: Loaded<Appointment[]>;
  onRetry: () => void;
  onCancelled: (appointment: Appointment) => void;
  onRescheduled: (appointment: Appointment) => void;
  /** the appointment whose status just changed live (highlighted) */
  freshId: number | null;
  /** what screen readers are told (a live status change, a cancellation) */
  announcement: string;
  /** the latest live `service-order` event of each appointment, by appointment id */
  serviceOrders: Record<number, ServiceOrderLiveEvent>;
  /** changes when every service order shown must be fetched again */
  serviceOrderRefresh: number;
}

/** The thread of the visit: its service order's once the car is at the centre (the technician's), else the booking's. */
function visitSubject(appointment: Appointment, live: ServiceOrderLiveEvent | null) {
  return live && live.serviceOrderId > 0 ? { kind: 'service_order' as const, id: live.serviceOrderId } : { kind: 'appointment' as const, id: appointment.id };
}

/** The upcoming appointments with their live status, each reschedulable and cancellable while allowed. */
export function AppointmentsSection({ state, onRetry, onCancelled, onRescheduled, freshId, announcement, serviceOrders, serviceOrderRefresh }: Props) {
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="dashboard-appointments">
      <div className={styles.cardHead}>
        <h2 id="dashboard-appointments" className={styles.cardTitle}>
          {t.heading}
        </h2>
        <Link to="/booking" className={styles.more}>
          {t.bookAnother}
        </Link>
      </div>
      {/* live status changes and cancellations, read out by screen readers */}
      <p className={styles.visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {state.status === 'loading' && <p className={styles.muted}>{t.loading}</p>}
      {state.status === 'failed' && <LoadFailure message={state.message} onRetry={onRetry} />}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <div className={formStyles.actions}>
            <p className={styles.muted}>{t.empty}</p>
            <Link to="/booking" className={formStyles.primary}>
              {t.book}
            </Link>
          </div>
        ) : (
          <>
            <ul className={styles.appointments}>
              {state.data.map((appointment) => (
                <li key={appointment.id}>
                  <AppointmentCard
                    appointment={appointment}
                    fresh={freshId === appointment.id}
                    onCancelled={onCancelled}
                    onRescheduled={onRescheduled}
                    liveServiceOrder={serviceOrders[appointment.id] ?? null}
                    serviceOrderRefresh={serviceOrderRefresh}
                  />
                  {appointment.status !== 'CANCELLED' && <ContactCentreButton subject={visitSubject(appointment, serviceOrders[appointment.id] ?? null)} />}
                </li>
              ))}
            </ul>
            <p className={styles.muted}>{t.cutoff}</p>
          </>
        ))}
    </section>
  );
}
