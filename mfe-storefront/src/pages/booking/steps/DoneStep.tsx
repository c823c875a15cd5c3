import { Link } from 'react-router-dom';
import { formatVnd } from 'shared-contracts';
import { vietnamClockOf, vietnamDateOf } from 'shared-contracts/calendar';
import { AppointmentCheckInQr } from '../../../checkInCode';
import { formatBookingDate, formatDuration } from '../bookingCalendar';
import { bookingText as t } from '../bookingText';
import styles from '../BookingPage.module.css';
import type { StepProps } from './stepProps';

/** The booked appointment as the server answered it (its code, status and recorded symptoms); a customer follows it on the dashboard. */
export function DoneStep({ state, dispatch, guest }: StepProps) {
  const appointment = state.appointment;
  if (!appointment) return null;
  return (
    <div className={styles.done}>
      <dl className={styles.summary}>
        <dt>{t.doneCode}</dt>
        <dd className={styles.code}>{appointment.code}</dd>
        <dt>{t.doneStatus}</dt>
        <dd>{appointment.statusLabel}</dd>
        <dt>{t.summary.centre}</dt>
        <dd>
          {appointment.centre.name}, {appointment.centre.address}
        </dd>
        <dt>{t.summary.time}</dt>
        <dd>{t.timeAt(vietnamClockOf(appointment.start), formatBookingDate(vietnamDateOf(appointment.start)))}</dd>
        <dt>{t.summary.vehicle}</dt>
        <dd>
          {appointment.vehicle.licensePlate} · {appointment.vehicle.brand} {appointment.vehicle.model}
        </dd>
        {appointment.symptoms && appointment.symptoms.length > 0 && (
          <>
            <dt>{t.summary.symptoms}</dt>
            <dd>
              <ul>
                {appointment.symptoms.map((symptom) => (
                  <li key={symptom.code}>{symptom.label}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>{t.summary.duration}</dt>
        <dd>{formatDuration(appointment.estimatedDurationMinutes)}</dd>
        <dt>{t.summary.price}</dt>
        <dd className={styles.total}>{formatVnd(appointment.estimatedPrice)}</dd>
      </dl>
      {!guest && <AppointmentCheckInQr appointmentId={appointment.id} appointmentCode={appointment.code} />}
      <p className={styles.muted}>{t.doneEmail}</p>
      <div className={styles.actions}>
        {guest ? (
          <Link to="/" className={styles.secondary}>
            {t.home}
          </Link>
        ) : (
          <Link to="/dashboard" className={styles.primary}>
            {t.dashboard}
          </Link>
        )}
        <button type="button" className={styles.secondary} onClick={() => dispatch({ type: 'restarted' })}>
          {t.bookAnother}
        </button>
      </div>
    </div>
  );
}
