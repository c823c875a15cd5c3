import { Link } from 'react-router-dom';
import { formatCalendarDate, vietnamClockOf } from 'shared-contracts/calendar';
import type { StaffSummary } from 'shared-contracts/schemas';
import { LiveStatus, useFloorEvents } from '../floorEvents';
import { loadedOf, useAsync } from '../hooks/useAsync';
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

const readSummary = async (signal: AbortSignal) => ({ summary: await frontDeskApi.summary(signal), at: new Date() });

/** The six counters' frame while the first numbers load: the same boxes and labels, so nothing below moves when they come. */
function CountersPlaceholder() {
  return (
    <>
      <ul className={styles.counters} aria-hidden="true" data-testid="staff-counters-placeholder">
        {COUNTERS.map((counter) => (
          <li key={counter.key}>
            <span className={styles.counter}>
              <span className={`${styles.counterValue} ${styles.placeholderValue}`}>0</span>
              <span className={styles.counterLabel}>{counter.label}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className={`${styles.muted} ${styles.small}`} aria-live="polite">
        {t.loading}
      </p>
    </>
  );
}

/** S1: today's counters of the centre, reloaded whenever the floor changes (live stream, else every 15 s). */
export function StaffCounters() {
  const { state: summary, reload } = useAsync(readSummary, { failedText: frontDeskText.loadFailed });
  // a failed reload keeps the last numbers on screen
  const state = loadedOf(summary);

  const mode = useFloorEvents(() => reload());

  return (
    <section className={styles.panel} aria-labelledby="staff-counters-heading">
      <div className={styles.panelHeader}>
        <h2 id="staff-counters-heading" className={styles.countersHeading}>
          {state.status === 'ready' ? t.headingAt(state.data.summary.centre.name, formatCalendarDate(state.data.summary.date)) : t.heading}
        </h2>
        <LiveStatus mode={mode} />
      </div>
      {state.status === 'loading' && <CountersPlaceholder />}
      {state.status === 'failed' && (
        <p role="alert" className={styles.failed}>
          {state.message}{' '}
          <button type="button" className={styles.secondary} onClick={() => reload()}>
            {frontDeskText.retry}
          </button>
        </p>
      )}
      {state.status === 'ready' && (
        <>
          <ul className={styles.counters}>
            {COUNTERS.map((counter) => (
              <li key={counter.key}>
                <Link to={counter.to} className={styles.counter} data-counter={counter.key}>
                  <span className={styles.counterValue}>{state.data.summary[counter.key]}</span>
                  <span className={styles.counterLabel}>{counter.label}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className={`${styles.muted} ${styles.small}`}>{t.updatedAt(vietnamClockOf(state.data.at))}</p>
        </>
      )}
    </section>
  );
}
