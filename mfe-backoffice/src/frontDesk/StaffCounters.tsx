import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCalendarDate, vietnamClockOf } from 'shared-contracts/calendar';
import type { StaffSummary } from 'shared-contracts/schemas';
import { LiveStatus, useFloorEvents } from '../floorEvents';
import { messageOf } from './apiRead';
import { frontDeskApi } from './frontDeskApi';
import { frontDeskText } from './frontDeskText';
import styles from './FrontDesk.module.css';

const t = frontDeskText.counters;

type CounterKey = Exclude<keyof StaffSummary, 'centre' | 'date'>;

const COUNTERS: ReadonlyArray<{ key: CounterKey; label: string; to: string }> = [
  { key: 'appointmentsDue', label: t.appointmentsDue, to: '/staff/appointments' },
  { key: 'checkedIn', label: t.checkedIn, to: '/staff/service-orders' },
  { key: 'inProgress', label: t.inProgress, to: '/staff/service-orders' },
  { key: 'waitingApproval', label: t.waitingApproval, to: '/staff/service-orders' },
  { key: 'waitingParts', label: t.waitingParts, to: '/staff/service-orders' },
  { key: 'readyForPayment', label: t.readyForPayment, to: '/staff/service-orders' },
];

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; summary: StaffSummary; at: Date };

/** S1: today's counters of the centre, reloaded whenever the floor changes (live stream, else every 15 s). */
export function StaffCounters() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const inflight = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    frontDeskApi.summary(controller.signal).then(
      (summary) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', summary, at: new Date() });
      },
      (error: unknown) => {
        // a failed reload keeps the last numbers on screen
        if (!controller.signal.aborted) setState((current) => (current.kind === 'ready' ? current : { kind: 'failed', message: messageOf(error, frontDeskText.loadFailed) }));
      },
    );
  }, []);

  useEffect(() => {
    load();
    return () => inflight.current?.abort();
  }, [load]);

  const mode = useFloorEvents(() => load());

  return (
    <section className={styles.panel} aria-labelledby="staff-counters-heading">
      <div className={styles.panelHeader}>
        <h2 id="staff-counters-heading">
          {state.kind === 'ready' ? t.headingAt(state.summary.centre.name, formatCalendarDate(state.summary.date)) : t.heading}
        </h2>
        <LiveStatus mode={mode} />
      </div>
      {state.kind === 'loading' && <p>{t.loading}</p>}
      {state.kind === 'failed' && (
        <p role="alert" className={styles.failed}>
          {state.message}{' '}
          <button type="button" className={styles.secondary} onClick={load}>
            {frontDeskText.retry}
          </button>
        </p>
      )}
      {state.kind === 'ready' && (
        <>
          <ul className={styles.counters}>
            {COUNTERS.map((counter) => (
              <li key={counter.key}>
                <Link to={counter.to} className={styles.counter} data-counter={counter.key}>
                  <span className={styles.counterValue}>{state.summary[counter.key]}</span>
                  <span className={styles.counterLabel}>{counter.label}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className={`${styles.muted} ${styles.small}`}>{t.updatedAt(vietnamClockOf(state.at))}</p>
        </>
      )}
    </section>
  );
}
