import { useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from 'shared-contracts';
import type { Appointment } from 'shared-contracts/schemas';
import { failureMessage } from '../../api/apiErrors';
import { FormNotice } from '../../forms/Fields';
import { serviceApi } from '../../service/serviceApi';
import { dashboardText } from './dashboardText';
import { RescheduleForm } from './RescheduleForm';
import formStyles from '../../forms/Form.module.css';
import confirmStyles from '../../components/ConfirmDanger.module.css';
import styles from './AppointmentChanges.module.css';

const t = dashboardText.appointments;

/** Statuses the customer could change before the cut-off (the server's CHANGEABLE_APPOINTMENT_STATUSES). */
const CHANGEABLE = new Set(['AWAITING_VERIFICATION', 'PENDING', 'CONFIRMED']);
/** Statuses of a car already at the centre. */
const AT_CENTRE = new Set(['CHECKED_IN', 'IN_PROGRESS']);

/** Why the customer cannot change it here (null: they can, or there is nothing left to change). */
function whyNot(appointment: Appointment): string | null {
  if (appointment.canCancel || appointment.canReschedule) return null;
  if (CHANGEABLE.has(appointment.status)) return t.tooLate(appointment.centre.name, appointment.centre.phone);
  if (AT_CENTRE.has(appointment.status)) return t.atCentre;
  return null;
}

interface Props {
  appointment: Appointment;
  onCancelled: (appointment: Appointment) => void;
  onRescheduled: (appointment: Appointment) => void;
}

/**
 * "Đổi lịch" and "Hủy lịch" on the customer's appointment, each offered while the API says it is allowed
 * (`canReschedule`, `canCancel`); otherwise why not. Cancelling asks for a confirmation and an optional reason.
 */
export function AppointmentChanges({ appointment, onCancelled, onRescheduled }: Props) {
  const [open, setOpen] = useState<'none' | 'cancel' | 'reschedule'>('none');
  const [reason, setReason] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (open === 'cancel') confirmButton.current?.focus();
  }, [open]);

  const cancel = async () => {
    if (cancelling) return;
    setCancelling(true);
    setFailure(null);
    try {
      const trimmed = reason.trim();
      onCancelled(await (trimmed ? serviceApi.cancelAppointment(appointment.id, trimmed) : serviceApi.cancelAppointment(appointment.id)));
      setOpen('none');
    } catch (error) {
      setFailure(failureMessage(error, t.cancelFailed));
    } finally {
      setCancelling(false);
    }
  };

  const why = whyNot(appointment);
  if (why) return <p className={styles.why}>{why}</p>;
  if (!appointment.canCancel && !appointment.canReschedule) return null;
  return (
    <>
      {failure && <FormNotice tone="error">{failure}</FormNotice>}
      {open === 'reschedule' && appointment.canReschedule && (
        <RescheduleForm
          appointment={appointment}
          onRescheduled={(changed) => {
            setOpen('none');
            onRescheduled(changed);
          }}
          onClose={() => setOpen('none')}
        />
      )}
      {open === 'cancel' && appointment.canCancel && (
        <div className={confirmStyles.confirm} role="group" aria-label={t.cancelLabel(appointment.code)}>
          <p>{t.confirmCancel(appointment.code, formatDateTime(appointment.start))}</p>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-reason`} className={formStyles.label}>
              {t.cancelReason}
            </label>
            <textarea id={`${id}-reason`} className={`${formStyles.input} ${styles.reason}`} maxLength={300} value={reason} onChange={(event) => setReason(event.target.value)} />
          </div>
          <div className={formStyles.actions}>
            <button ref={confirmButton} type="button" className={confirmStyles.danger} onClick={() => void cancel()} disabled={cancelling}>
              {cancelling ? t.cancelling : t.confirmCancelButton}
            </button>
            <button type="button" className={formStyles.secondary} onClick={() => setOpen('none')} disabled={cancelling}>
              {t.keep}
            </button>
          </div>
        </div>
      )}
      {open === 'none' && (
        <div className={formStyles.actions}>
          {appointment.canReschedule && (
            <button type="button" className={formStyles.secondary} onClick={() => setOpen('reschedule')} aria-label={t.rescheduleLabel(appointment.code)}>
              {t.reschedule}
            </button>
          )}
          {appointment.canCancel && (
            <button type="button" className={formStyles.secondary} onClick={() => setOpen('cancel')} aria-label={t.cancelLabel(appointment.code)}>
              {t.cancel}
            </button>
          )}
        </div>
      )}
    </>
  );
}
