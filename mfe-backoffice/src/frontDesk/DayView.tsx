import { lazy, Suspense, useCallback, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CHECK_IN_APPOINTMENT_STATUSES, CHECK_IN_CODE_MAX, looksLikeCheckInCode } from 'shared-contracts/backoffice';
import { formatCalendarDate, isCalendarDate, vietnamClockOf, vietnamDateOf } from 'shared-contracts/calendar';
import type { StaffAppointment } from 'shared-contracts/schemas';
import { isConflict, messageOf } from '../api/apiErrors';
import { CameraScanButton, checkInScanText, useCheckInScan, useRequestedCheckIn } from '../checkInScan';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ModalDialog } from '../components/ModalDialog';
import { LiveStatus, useFloorEvents } from '../floorEvents';
import { keepUnlessFailed, latestOf, useAsync } from '../hooks/useAsync';
import { CancelAppointmentDialog } from './CancelAppointmentDialog';
import { CheckInDialog } from './CheckInDialog';
import { frontDeskApi, type StaffAppointmentAction } from './frontDeskApi';
import { serviceOrderLink } from '../layout/links';
import { APPOINTMENT_FILTERS, frontDeskText } from './frontDeskText';
import styles from './FrontDesk.module.css';

// The walk-in form carries the vehicle catalogue: loaded only when the button is pressed.
const WalkInDialog = lazy(() => import('./WalkInDialog').then((module) => ({ default: module.WalkInDialog })));

const t = frontDeskText.day;

/** Statuses an appointment may still be cancelled from with PATCH /appointments/:id/status. */
const CANCELLABLE = ['AWAITING_VERIFICATION', 'PENDING', 'CONFIRMED'];

/** The actions the day view offers on a row (each one the server accepts in that state). */
export function appointmentActions(appointment: StaffAppointment, isToday: boolean) {
  const checkInStatus = (CHECK_IN_APPOINTMENT_STATUSES as readonly string[]).includes(appointment.status);
  return {
    confirm: appointment.status === 'PENDING',
    checkIn: isToday && checkInStatus && appointment.serviceOrder === null,
    // the server's flag: a status that may become NO_SHOW, and start + 15 min has passed
    noShow: appointment.noShowAllowed && checkInStatus,
    cancel: CANCELLABLE.includes(appointment.status) && appointment.serviceOrder === null,
  };
}

type Dialog =
  | { kind: 'checkIn'; appointment: StaffAppointment }
  | { kind: 'cancel'; appointment: StaffAppointment }
  | { kind: 'noShow'; appointment: StaffAppointment }
  | { kind: 'walkIn' }
  | null;
type Notice = { kind: 'done'; text: string; orderId?: number; orderCode?: string } | { kind: 'failed'; text: string } | null;

/** S2: the centre's appointments of a day, with the front desk's actions. */
export function DayView() {
  const ids = { date: useId(), status: useId(), search: useId() };
  const today = vietnamDateOf(new Date());
  const [date, setDate] = useState(today);
  const [status, setStatus] = useState('');
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const readDay = useCallback(
    (signal: AbortSignal) => frontDeskApi.day({ date, status: status || undefined, q: query || undefined }, signal),
    [date, status, query],
  );
  // another day or filter keeps the list on screen until its answer (after a failure: 'loading'); a failure
  // replaces the list
  const { state: loaded, reload } = useAsync(readDay, { failedText: frontDeskText.loadFailed, start: keepUnlessFailed });
  const listing = latestOf(loaded);
  const load = useCallback(() => reload(), [reload]);

  const mode = useFloorEvents(() => load());

  // QR check-in: a scanned code resolves to `?checkIn=<id>`, which opens that appointment's check-in
  const scan = useCheckInScan();
  useRequestedCheckIn(
    async (id) => {
      const found = (await frontDeskApi.day({ date: today })).appointments.find((entry) => entry.id === id);
      return found && appointmentActions(found, true).checkIn ? found : null;
    },
    (appointment) => {
      setNotice(null);
      setDialog({ kind: 'checkIn', appointment });
    },
    (text) => setNotice({ kind: 'failed', text }),
  );

  const setAppointmentStatus = async (appointment: StaffAppointment, target: StaffAppointmentAction) => {
    setBusyId(appointment.id);
    setNotice(null);
    try {
      await frontDeskApi.setStatus(appointment.id, target);
      setNotice({ kind: 'done', text: target === 'CONFIRMED' ? t.confirmed(appointment.code) : t.noShowDone(appointment.code) });
    } catch (error) {
      setNotice({ kind: 'failed', text: messageOf(error, frontDeskText.actionFailed) });
      if (!isConflict(error)) return;
    } finally {
      setBusyId(null);
    }
    load();
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (looksLikeCheckInCode(searchText)) {
      // a USB scanner types the QR's text and Enter
      setNotice(null);
      setSearchText('');
      void scan.resolve(searchText);
      return;
    }
    setQuery(searchText.trim());
  };

  const day = listing.status === 'ready' ? listing.data : null;
  const isToday = date === today;

  return (
    <section className={styles.panel} aria-labelledby="day-view-heading">
      <div className={styles.panelHeader}>
        <h2 id="day-view-heading">{day ? t.tableCaption(formatCalendarDate(day.date), day.centre.name) : t.tableCaption(formatCalendarDate(date), '…')}</h2>
        <LiveStatus mode={mode} />
      </div>

      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor={ids.date}>{t.date}</label>
          <input
            id={ids.date}
            type="date"
            className={styles.input}
            value={date}
            onChange={(event) => {
              if (isCalendarDate(event.target.value)) setDate(event.target.value);
            }}
          />
        </div>
        {!isToday && (
          <button type="button" className={styles.secondary} onClick={() => setDate(today)}>
            {t.today}
          </button>
        )}
        <div className={styles.field}>
          <label htmlFor={ids.status}>{t.status}</label>
          <select id={ids.status} className={styles.select} value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">{t.allStatuses}</option>
            {APPOINTMENT_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
        <form role="search" aria-label={t.filters} className={styles.toolbar} style={{ margin: 0 }} onSubmit={search}>
          <div className={styles.field}>
            <label htmlFor={ids.search}>{t.search}</label>
            <input
              id={ids.search}
              type="search"
              className={styles.input}
              value={searchText}
              maxLength={looksLikeCheckInCode(searchText) ? CHECK_IN_CODE_MAX : 60}
              onChange={(event) => {
                setSearchText(event.target.value);
                scan.clear();
              }}
            />
          </div>
          <button type="submit" className={styles.secondary}>
            {t.searchButton}
          </button>
          {query && (
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                setSearchText('');
                setQuery('');
              }}
            >
              {t.clearSearch}
            </button>
          )}
        </form>
        <CameraScanButton
          disabled={scan.state.kind === 'resolving'}
          onCode={(code) => {
            setNotice(null);
            void scan.resolve(code);
          }}
        />
        <button type="button" className={styles.primary} onClick={() => setDialog({ kind: 'walkIn' })}>
          {t.walkIn}
        </button>
      </div>

      <p role="status" className={styles.done}>
        {notice?.kind === 'done' && (
          <>
            {notice.text}{' '}
            {notice.orderId !== undefined && notice.orderCode && (
              <Link className={styles.link} to={serviceOrderLink(notice.orderId)}>
                {t.openOrder(notice.orderCode)}
              </Link>
            )}
          </>
        )}
      </p>
      <div role="alert">
        {notice?.kind === 'failed' && <p className={styles.alert}>{notice.text}</p>}
        {scan.state.kind === 'failed' && <p className={styles.alert}>{scan.state.message}</p>}
      </div>
      {scan.state.kind === 'resolving' && <p role="status">{checkInScanText.resolving}</p>}

      {listing.status === 'loading' && <p>{t.loading}</p>}
      {listing.status === 'failed' && (
        <p role="alert" className={styles.failed}>
          {listing.message}{' '}
          <button type="button" className={styles.secondary} onClick={load}>
            {frontDeskText.retry}
          </button>
        </p>
      )}
      {day && day.appointments.length === 0 && <p>{t.empty}</p>}
      {day && day.appointments.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{t.tableCaption(formatCalendarDate(day.date), day.centre.name)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.code}</th>
                <th scope="col">{t.plate}</th>
                <th scope="col">{t.customer}</th>
                <th scope="col">{t.services}</th>
                <th scope="col">{t.statusColumn}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {day.appointments.map((appointment) => {
                const actions = appointmentActions(appointment, isToday);
                const busy = busyId === appointment.id;
                return (
                  <tr key={appointment.id}>
                    <td>
                      <time dateTime={appointment.start}>{vietnamClockOf(appointment.start)}</time>–<time dateTime={appointment.end}>{vietnamClockOf(appointment.end)}</time>
                    </td>
                    <th scope="row">{appointment.code}</th>
                    <td>
                      {appointment.licensePlate}
                      <br />
                      <span className={`${styles.muted} ${styles.small}`}>
                        {appointment.vehicle.brand} {appointment.vehicle.model}
                      </span>
                    </td>
                    <td>
                      {appointment.customer.fullName}
                      <br />
                      <span className={`${styles.muted} ${styles.small}`}>{appointment.customer.phone}</span>
                    </td>
                    <td>{appointment.services.join(', ')}</td>
                    <td>
                      <span className={styles.status}>{appointment.statusLabel}</span>
                      {appointment.serviceOrder && (
                        <>
                          <br />
                          <Link className={styles.link} to={serviceOrderLink(appointment.serviceOrder.id)}>
                            {t.openOrder(appointment.serviceOrder.code)}
                          </Link>
                        </>
                      )}
                    </td>
                    <td>
                      <div className={styles.actions}>
                        {actions.confirm && (
                          <button
                            type="button"
                            className={styles.secondary}
                            aria-label={t.confirmLabel(appointment.code)}
                            disabled={busy}
                            onClick={() => void setAppointmentStatus(appointment, 'CONFIRMED')}
                          >
                            {t.confirm}
                          </button>
                        )}
                        {actions.checkIn && (
                          <button type="button" className={styles.primary} aria-label={t.checkInLabel(appointment.code)} onClick={() => setDialog({ kind: 'checkIn', appointment })}>
                            {t.checkIn}
                          </button>
                        )}
                        {actions.noShow && (
                          <button
                            type="button"
                            className={styles.secondary}
                            aria-label={t.noShowLabel(appointment.code)}
                            disabled={busy}
                            onClick={() => setDialog({ kind: 'noShow', appointment })}
                          >
                            {t.noShow}
                          </button>
                        )}
                        {actions.cancel && (
                          <button type="button" className={styles.danger} aria-label={t.cancelLabel(appointment.code)} onClick={() => setDialog({ kind: 'cancel', appointment })}>
                            {t.cancel}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {dialog?.kind === 'checkIn' && (
        <CheckInDialog
          appointment={dialog.appointment}
          serviceBays={day?.centre.serviceBays ?? 1}
          onClose={() => setDialog(null)}
          onStale={load}
          onCheckedIn={(order) => {
            setDialog(null);
            setNotice({ kind: 'done', text: t.checkedIn(order.licensePlate, order.code), orderId: order.id, orderCode: order.code });
            load();
          }}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelAppointmentDialog
          appointment={dialog.appointment}
          onClose={() => setDialog(null)}
          onStale={load}
          onCancelled={() => {
            setNotice({ kind: 'done', text: t.cancelled(dialog.appointment.code) });
            setDialog(null);
            load();
          }}
        />
      )}
      {dialog?.kind === 'noShow' && (
        <ConfirmDialog
          title={t.noShowLabel(dialog.appointment.code)}
          confirmLabel={t.noShow}
          tone="danger"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            const appointment = dialog.appointment;
            setDialog(null);
            await setAppointmentStatus(appointment, 'NO_SHOW');
          }}
        >
          <p>
            {dialog.appointment.licensePlate} · {dialog.appointment.customer.fullName} · {vietnamClockOf(dialog.appointment.start)}
          </p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'walkIn' && (
        <Suspense
          fallback={
            <ModalDialog title={frontDeskText.walkIn.title} onClose={() => setDialog(null)}>
              <p>{frontDeskText.walkIn.loading}</p>
            </ModalDialog>
          }
        >
          <WalkInDialog
            onClose={() => setDialog(null)}
            onCreated={(created) => {
              setDialog(null);
              setNotice({ kind: 'done', text: t.walkInCreated(created.code ?? '', created.start ? vietnamClockOf(created.start) : '') });
              if (date !== today) setDate(today);
              else load();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
