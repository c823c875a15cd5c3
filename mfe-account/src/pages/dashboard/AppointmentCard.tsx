import { useEffect, useRef, useState } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import type { Appointment } from 'shared-contracts/schemas';
import { failureMessage } from '../../api/apiErrors';
import { FormNotice } from '../../forms/Fields';
import type { ServiceOrderLiveEvent } from '../../service/appointmentEvents';
import { serviceApi } from '../../service/serviceApi';
import { dashboardText } from './dashboardText';
import { SERVICE_ORDER_APPOINTMENT_STATUSES, ServiceOrderPanel } from './ServiceOrderPanel';
import formStyles from '../../forms/Form.module.css';
import styles from './DashboardPage.module.css';
import confirmStyles from '../../components/ConfirmDanger.module.css';

const t = dashboardText.appointments;

/** Status → badge colour (the label itself comes from the server). */
const STATUS_TONE: Record<string, string | undefined> = {
  AWAITING_VERIFICATION: styles.toneWaiting,
  PENDING: styles.toneWaiting,
  CONFIRMED: styles.toneConfirmed,
  CHECKED_IN: styles.toneActive,
  IN_PROGRESS: styles.toneActive,
  COMPLETED: styles.toneDone,
  CANCELLED: styles.toneCancelled,
  NO_SHOW: styles.toneCancelled,
};

interface Props {
  appointment: Appointment;
  /** the status just changed live (highlighted for a moment) */
  fresh: boolean;
  onCancelled: (appointment: Appointment) => void;
  /** the latest live `service-order` event of this appointment */
  liveServiceOrder: ServiceOrderLiveEvent | null;
  /** changes when the service order must be fetched again */
  serviceOrderRefresh: number;
}

/**
 * One appointment: status, time, centre, vehicle, services, estimate; cancel while allowed; once the car is at the
 * centre, its service order (live progress, then the invoice).
 */
export function AppointmentCard({ appointment, fresh, onCancelled, liveServiceOrder, serviceOrderRefresh }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const headingId = `appointment-${appointment.id}`;
  const time = formatDateTime(appointment.start);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const cancel = async () => {
    if (cancelling) return;
    setCancelling(true);
    setFailure(null);
    try {
      onCancelled(await serviceApi.cancelAppointment(appointment.id));
      setConfirming(false);
    } catch (error) {
      setFailure(failureMessage(error, t.cancelFailed));
    } finally {
      setCancelling(false);
    }
  };

  const services = appointment.services.map((service) => service.name);
  if (appointment.packageCredit) services.unshift(appointment.packageCredit.packageName);
  return (
    <article className={styles.appointment} aria-labelledby={headingId}>
      <div className={styles.appointmentHead}>
        <h3 id={headingId} className={styles.appointmentCode}>
          {appointment.code}
        </h3>
        <span className={`${styles.badge} ${STATUS_TONE[appointment.status] ?? ''} ${fresh ? styles.fresh : ''}`} data-testid="appointment-status">
          <span className={styles.visuallyHidden}>{t.status}: </span>
          {appointment.statusLabel}
        </span>
      </div>
      <dl className={styles.facts}>
        <dt>{t.time}</dt>
        <dd>{time}</dd>
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
      {(SERVICE_ORDER_APPOINTMENT_STATUSES.has(appointment.status) || liveServiceOrder) && (
        <ServiceOrderPanel appointmentId={appointment.id} live={liveServiceOrder} refresh={serviceOrderRefresh} />
      )}
      {failure && <FormNotice tone="error">{failure}</FormNotice>}
      {appointment.canCancel &&
        (confirming ? (
          <div className={confirmStyles.confirm} role="group" aria-label={t.cancelLabel(appointment.code)}>
            <p>{t.confirmCancel(appointment.code, time)}</p>
            <div className={formStyles.actions}>
              <button ref={confirmButton} type="button" className={confirmStyles.danger} onClick={() => void cancel()} disabled={cancelling}>
                {cancelling ? t.cancelling : t.confirmCancelButton}
              </button>
              <button type="button" className={formStyles.secondary} onClick={() => setConfirming(false)} disabled={cancelling}>
                {t.keep}
              </button>
            </div>
          </div>
        ) : (
          <div className={formStyles.actions}>
            <button type="button" className={formStyles.secondary} onClick={() => setConfirming(true)} aria-label={t.cancelLabel(appointment.code)}>
              {t.cancel}
            </button>
          </div>
        ))}
    </article>
  );
}
