import { useCallback, useMemo, useState } from 'react';
import { ErrorState } from '../../../components/Async';
import { loadedOf, useAsync } from '../../../hooks/useAsync';
import { bookingApi } from '../bookingApi';
import { bookingDateWindow, isBookableDate, vietnamDateOf } from 'shared-contracts/calendar';
import { formatBookingDate, formatDuration } from '../bookingCalendar';
import { estimate } from '../bookingEstimate';
import { bookingText as t } from '../bookingText';
import type { Availability, Slot } from '../bookingTypes';
import { StepActions, TextInput } from '../BookingFields';
import styles from '../BookingPage.module.css';
import type { StepProps } from './stepProps';

type Load = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; availability: Availability } | { status: 'error'; message: string };

function slotNote(slot: Slot, now: number): string {
  if (slot.available) return t.slotsLeft(Math.max(slot.capacity - slot.booked, 0));
  if (Date.parse(slot.start) <= now) return t.slotPast;
  return t.slotFull;
}

/** The day's slots of the chosen centre for the chosen services' duration (read afresh after a SLOT_FULL). */
function useAvailability(centreId: number | null, date: string | null, durationMinutes: number, refresh: unknown): { load: Load; retry: () => void } {
  const asked = useMemo(() => ({ centreId, date, minutes: Math.max(durationMinutes, 30), refresh }), [centreId, date, durationMinutes, refresh]);
  const read = useCallback((signal: AbortSignal) => bookingApi.availability(asked.centreId ?? 0, asked.date ?? '', asked.minutes, signal), [asked]);
  const enabled = centreId !== null && date !== null;
  const { state, reload } = useAsync(read, { enabled });
  const shown = loadedOf(state);
  const load: Load = !enabled ? { status: 'idle' } : shown.status === 'ready' ? { status: 'ready', availability: shown.data } : shown.status === 'failed' ? { status: 'error', message: shown.message } : shown;
  return { load, retry: () => reload('fresh') };
}

/** Step 4. A day from today to 30 days ahead (Vietnamese time) and a free 30-minute slot; full slots are disabled. */
export function SlotStep({ state, dispatch, catalogue }: StepProps) {
  const range = bookingDateWindow();
  const [typedDate, setTypedDate] = useState(state.date ?? '');
  const [dateError, setDateError] = useState<string | undefined>();
  const [attempted, setAttempted] = useState(false);
  const { durationMinutes } = estimate(state, catalogue);
  const { load, retry } = useAvailability(state.centreId, state.date, durationMinutes, state.slotTaken);
  const now = Date.now();

  const onDate = (value: string) => {
    setTypedDate(value);
    if (!value) return;
    if (!isBookableDate(value)) {
      setDateError(t.dateOutOfRange);
      return;
    }
    setDateError(undefined);
    dispatch({ type: 'dateChosen', date: value });
  };

  const onNext = () => {
    if (!state.date || !state.slot) {
      setAttempted(true);
      return;
    }
    dispatch({ type: 'next' });
  };

  // the slots of the day shown (not those of the day before, while the new day loads)
  const current = load.status === 'ready' && load.availability.date === state.date;
  const slots = current ? load.availability.slots : [];
  const anyFree = slots.some((slot) => slot.available);
  return (
    <div className={styles.wizard}>
      {state.slotTaken && (
        <div className={styles.alert} role="alert">
          <p>
            <strong>{state.slotTaken.message}</strong>
          </p>
          {state.slotTaken.nextSlots.length > 0 && (
            <>
              <p>{t.nextSlotsHeading}</p>
              <ul className={styles.nextSlots}>
                {state.slotTaken.nextSlots.map((slot) => {
                  const date = vietnamDateOf(slot.start);
                  return (
                    <li key={slot.start}>
                      <button
                        type="button"
                        className={styles.secondary}
                        onClick={() => {
                          setTypedDate(date);
                          dispatch({ type: 'slotChosen', slot, date });
                          dispatch({ type: 'goTo', step: 'confirm' });
                        }}
                      >
                        {t.pickSlot(slot.time, formatBookingDate(date))}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </div>
      )}
      <TextInput
        name="date"
        type="date"
        label={t.date}
        min={range.from}
        max={range.to}
        value={typedDate}
        hint={t.dateHint(formatBookingDate(range.from), formatBookingDate(range.to))}
        error={dateError}
        onChange={onDate}
      />
      <p className={styles.muted}>{t.durationNote(formatDuration(durationMinutes))}</p>
      {state.date === null && <p className={styles.muted}>{t.chooseDateFirst}</p>}
      {(load.status === 'loading' || (load.status === 'ready' && !current)) && (
        <p className={styles.muted} role="status">
          {t.slotsLoading}
        </p>
      )}
      {load.status === 'error' && <ErrorState message={load.message} onRetry={retry} />}
      {current && state.date && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t.slotsLegend(formatBookingDate(state.date))}</legend>
          {!anyFree && <p className={styles.muted}>{t.noSlots}</p>}
          <ul className={styles.slots}>
            {slots.map((slot) => (
              <li key={slot.start}>
                <label className={styles.slot}>
                  <input
                    type="radio"
                    name="slot"
                    value={slot.start}
                    disabled={!slot.available}
                    checked={state.slot?.start === slot.start}
                    onChange={() => dispatch({ type: 'slotChosen', slot: { start: slot.start, time: slot.time } })}
                    aria-label={`${slot.time} (${slotNote(slot, now)})`}
                  />
                  <span className={styles.slotTime} aria-hidden="true">
                    {slot.time}
                  </span>
                  <span aria-hidden="true">{slotNote(slot, now)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {attempted && (!state.date || !state.slot) && (
        <p className={styles.error} role="alert">
          {t.chooseSlot}
        </p>
      )}
      <StepActions onBack={() => dispatch({ type: 'back' })}>
        <button type="button" className={styles.primary} onClick={onNext}>
          {t.next}
        </button>
      </StepActions>
    </div>
  );
}
