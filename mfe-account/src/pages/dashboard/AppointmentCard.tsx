import { formatDateTime, formatVnd } from 'shared-contracts';
import { customerVisitStatus, SERVICE_ORDER_APPOINTMENT_STATUSES, type CustomerVisitTone } from 'shared-contracts/backoffice';
import type { Appointment } from 'shared-contracts/schemas';
import type { ServiceOrderLiveEvent } from '../../service/appointmentEvents';
import { AppointmentChanges } from './AppointmentChanges';
import { dashboardText } from './dashboardText';
import { ServiceOrderPanel } from './ServiceOrderPanel';
import { useServiceOrderProgress } from './useServiceOrderProgress';
import { AppointmentCheckInQr, CHECK_IN_CODE_STATUSES } from '../../checkInCode';
import styles from './DashboardPage.module.css';

const t = dashboardText.appointments;

/** The badge's colour for the visit's one status. */
const TONE_STYLES: Record<CustomerVisitTone, string | undefined> = {
  waiting: styles.toneWaiting,
  confirmed: styles.toneConfirmed,
  active: styles.toneActive,
  payment: styles.toneWaiting,
  done: styles.toneDone,
  cancelled: styles.toneCancelled,
};

interface Props {
  appointment: Appointment;
  /** the status just changed live (highlighted for a moment) */
  fresh: boolean;
  onCancelled: (appointment: Appointment) => void;
  onRescheduled: (appointment: Appointment) => void;
  /** the latest live `service-order` event of this appointment */
  liveServiceOrder: ServiceOrderLiveEvent | null;
  /** changes when the service order must be fetched again */
  serviceOrderRefresh: number;
}

/**
 * One appointment: its one status (the service order's once the car is at the centre, from the machine in
 * shared-contracts, else the appointment's), time, centre, vehicle, services, estimate; reschedule and cancel
 * while allowed; once the car is at the centre, its service order (progress, inspection, then the invoice).
 */
export function AppointmentCard({ appointment, fresh, onCancelled, onRescheduled, liveServiceOrder, serviceOrderRefresh }: Props) {
  const atCentre = SERVICE_ORDER_APPOINTMENT_STATUSES.includes(appointment.status) || liveServiceOrder !== null;
  const progress = useServiceOrderProgress(appointment.id, atCentre, liveServiceOrder, serviceOrderRefresh);
  const headingId = `appointment-${appointment.id}`;
  const visit = customerVisitStatus(appointment, progress.shown);
  // a visit just serviced: its order (paid or not) is still being read, and 'Hoàn thành' may not be the truth
  const reading = visit.source === 'appointment' && appointment.status === 'COMPLETED' && progress.state.status === 'loading';

  const services = appointment.services.map((service) => service.name);
  if (appointment.packageCredit) services.unshift(appointment.packageCredit.packageName);
  return (
    <article className={styles.appointment} aria-labelledby={headingId}>
      <div className={styles.appointmentHead}>
        <h3 id={headingId} className={styles.appointmentCode}>
          {appointment.code}
        </h3>
        <span
          className={`${styles.badge} ${reading ? '' : (TONE_STYLES[visit.tone] ?? '')} ${fresh ? styles.fresh : ''}`}
          data-testid={visit.source === 'serviceOrder' ? 'service-order-status' : 'appointment-status'}
        >
          <span className={styles.visuallyHidden}>{t.status}: </span>
          {reading ? `${t.statusLoading}…` : visit.label}
        </span>
      </div>
      <dl className={styles.facts}>
        <dt>{t.time}</dt>
        <dd>{formatDateTime(appointment.start)}</dd>
        <dt>{t.centre}</dt>
        <dd>{appointment.centre.name}</dd>
        <dt>{t.vehicle}</dt>
        <dd>
          {appointment.vehicle.licensePlate} · {appointment.vehicle.brand} {appointment.vehicle.model}
        </dd>
        <dt>{t.services}</dt>
        <dd>{services.join(', ')}</dd>
        <dt>{t.price}</dt>
        <dd>{formatVnd(appointment.estimatedPrice)}</dd>
      </dl>
      {!atCentre && CHECK_IN_CODE_STATUSES.has(appointment.status) && <AppointmentCheckInQr appointmentId={appointment.id} appointmentCode={appointment.code} />}
      {atCentre && <ServiceOrderPanel appointmentId={appointment.id} progress={progress} />}
      <AppointmentChanges appointment={appointment} onCancelled={onCancelled} onRescheduled={onRescheduled} />
    </article>
  );
}
