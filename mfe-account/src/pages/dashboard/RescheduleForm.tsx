import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError, formatDateTime } from 'shared-contracts';
import { bookingDateWindow, formatCalendarDate, isBookableDate, vietnamDateOf } from 'shared-contracts/calendar';
import type { Appointment, Slot } from 'shared-contracts/schemas';
import { failureMessage } from '../../api/apiErrors';
import { FormNotice } from '../../forms/Fields';
import { loadedOf, useAsync } from '../../hooks/useAsync';
import { serviceApi } from '../../service/serviceApi';
import { dashboardText } from './dashboardText';
import { nextSlotsOf, type NextSlot, type SlotsLoad } from './rescheduleSlots';
import formStyles from '../../forms/Form.module.css';
import styles from './AppointmentChanges.module.css';

const t = dashboardText.appointments;

/** The day's slots at the appointment's centre for its duration, fetched again when `refresh` changes (after a 409). */
function useSlots(centreId: number, date: string, durationMinutes: number, refresh: number): SlotsLoad {
  const asked = useMemo(() => ({ centreId, date, minutes: Math.max(durationMinutes, 30), refresh }), [centreId, date, durationMinutes, refresh]);
  const read = useCallback((signal: AbortSignal) => serviceApi.availability(asked.centreId, asked.date, asked.minutes, signal), [asked]);
  const shown = loadedOf(useAsync(read, { describeFailure: failureMessage, failedText: t.rescheduleFailed }).state);
  return shown.status === 'ready' ? { status: 'ready', availability: shown.data } : shown.status === 'failed' ? { status: 'error', message: shown.message } : shown;
}

function slotNote(slot: Slot, current: boolean, now: number): string {
  if (current) return t.slotCurrent;
  if (slot.available) return t.slotLeft(Math.max(slot.capacity - slot.booked, 0));
  return Date.parse(slot.start) <= now ? t.slotPast : t.slotFull;
}

interface Props {
  appointment: Appointment;
  onRescheduled: (appointment: Appointment) => void;
  onClose: () => void;
}

/**
 * "Đổi lịch": a day in the booking window and a free slot of the appointment's centre (the availability the
 * booking page reads), then POST /appointments/:id/reschedule. A slot taken meanwhile (409 SLOT_FULL) is
 * explained with the server's message and its nearest free slots, and the day's slots are read again.
 */
export function RescheduleForm({ appointment, onRescheduled, onClose }: Props) {
  const range = bookingDateWindow();
  const currentDate = vietnamDateOf(appointment.start);
  const [typedDate, setTypedDate] = useState(isBookableDate(currentDate) ? currentDate : range.from);
  const [date, setDate] = useState(typedDate);
  const [dateError, setDateError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ message: string; nextSlots: NextSlot[] } | null>(null);
  const [refresh, setRefresh] = useState(0);
  const load = useSlots(appointment.centre.id, date, appointment.estimatedDurationMinutes, refresh);
  const dateInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const now = Date.now();

  useEffect(() => dateInput.current?.focus(), []);

  const onDate = (value: string) => {
    setTypedDate(value);
    if (!isBookableDate(value)) {
      setDateError(t.dateOutOfRange);
      return;
    }
    setDateError(null);
    setDate(value);
    setChosen(null);
  };

  const submit = async (start: string | null) => {
    if (saving) return;
    if (!start) {
      setAttempted(true);
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      onRescheduled(await serviceApi.rescheduleAppointment(appointment.id, start));
    } catch (error) {
      const nextSlots = error instanceof ApiError ? nextSlotsOf(error) : [];
      setFailure({ message: failureMessage(error, t.rescheduleFailed), nextSlots });
      if (error instanceof ApiError && error.status === 409) {
        // the slot was taken meanwhile (or the appointment changed): show the day as it is now
        setChosen(null);
        setRefresh((count) => count + 1);
      }
    } finally {
      setSaving(false);
    }
  };

  const slots = load.status === 'ready' && load.availability.date === date ? load.availability.slots : [];
  return (
    <div className={styles.panel} role="group" aria-label={t.rescheduleLabel(appointment.code)}>
      <p>{t.rescheduleLead(appointment.code, formatDateTime(appointment.start))}</p>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-date`} className={formStyles.label}>
          {t.newDate}
        </label>
        <input
          ref={dateInput}
          id={`${id}-date`}
          type="date"
          className={formStyles.input}
          min={range.from}
          max={range.to}
          value={typedDate}
          aria-describedby={`${id}-hint${dateError ? ` ${id}-error` : ''}`}
          aria-invalid={dateError ? true : undefined}
          onChange={(event) => onDate(event.target.value)}
        />
        <p id={`${id}-hint`} className={formStyles.hint}>
          {t.dateHint(formatCalendarDate(range.from), formatCalendarDate(range.to))}
        </p>
        {dateError && (
          <p id={`${id}-error`} className={formStyles.fieldError}>
            {dateError}
          </p>
        )}
      </div>
      {failure && (
        <div>
          <FormNotice tone="error">{failure.message}</FormNotice>
          {failure.nextSlots.length > 0 && (
            <>
              <p>{t.nextSlotsHeading}</p>
              <ul className={styles.nextSlots}>
                {failure.nextSlots.map((slot) => (
                  <li key={slot.start}>
                    <button type="button" className={formStyles.secondary} disabled={saving} onClick={() => void submit(slot.start)}>
                      {t.pickSlot(slot.time, formatCalendarDate(vietnamDateOf(slot.start)))}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {load.status === 'loading' && (
        <p role="status" className={styles.why}>
          {t.slotsLoading}
        </p>
      )}
      {load.status === 'error' && <FormNotice tone="error">{load.message}</FormNotice>}
      {load.status === 'ready' && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t.slotsLegend(formatCalendarDate(date))}</legend>
          {!slots.some((slot) => slot.available) && <p className={styles.why}>{t.noSlots}</p>}
          <ul className={styles.slots}>
            {slots.map((slot) => {
              const current = slot.start === appointment.start;
              const note = slotNote(slot, current, now);
              return (
                <li key={slot.start}>
                  <label className={styles.slot}>
                    <input
                      type="radio"
                      name={`${id}-slot`}
                      value={slot.start}
                      disabled={!slot.available || current}
                      checked={chosen === slot.start}
                      onChange={() => setChosen(slot.start)}
                      aria-label={`${slot.time} (${note})`}
                    />
                    <span className={styles.slotTime} aria-hidden="true">
                      {slot.time}
                    </span>
                    <span aria-hidden="true">{note}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {attempted && !chosen && (
        <p role="alert" className={formStyles.fieldError}>
          {t.chooseSlot}
        </p>
      )}
      <div className={formStyles.actions}>
        <button type="button" className={formStyles.primary} onClick={() => void submit(chosen)} disabled={saving}>
          {saving ? t.rescheduling : t.confirmReschedule}
        </button>
        <button type="button" className={formStyles.secondary} onClick={onClose} disabled={saving}>
          {t.keepTime}
        </button>
      </div>
    </div>
  );
}
