import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BOARD_COLUMNS, boardColumnOf, CHECK_IN_APPOINTMENT_STATUSES, type BoardColumnKey } from 'shared-contracts/backoffice';
import { formatCalendarDate, vietnamClockOf } from 'shared-contracts/calendar';
import type { ServiceOrderBoard as Board, ServiceOrderCard as Card, StaffAppointment } from 'shared-contracts/schemas';
import { type FloorChange, LiveStatus, useFloorEvents } from '../floorEvents';
import { CheckInDialog, frontDeskText } from '../frontDesk';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { ServiceOrderCard } from './ServiceOrderCard';
import { ServiceOrderDrawer } from './ServiceOrderDrawer';
import { serviceOrdersApi } from './serviceOrdersApi';
import { serviceOrdersText as t } from './serviceOrdersText';
import styles from './ServiceOrders.module.css';

const readBoard = (signal: AbortSignal) => serviceOrdersApi.board(undefined, signal);

/** The board's cards by column (cancelled orders are off the board). */
export function boardColumns(board: Board): Record<Exclude<BoardColumnKey, 'WAITING'>, Card[]> {
  const columns: Record<Exclude<BoardColumnKey, 'WAITING'>, Card[]> = { OPEN: [], IN_PROGRESS: [], AWAITING_PAYMENT: [], DONE_TODAY: [] };
  for (const card of board.orders) {
    const key = boardColumnOf(card.status);
    if (key && key !== 'WAITING') columns[key].push(card);
  }
  return columns;
}

/** S5: the centre's floor today in five columns, a drawer per service order, live. */
export function ServiceOrderBoard() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('order')) || null;
  const [checkIn, setCheckIn] = useState<StaffAppointment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [floorTick, setFloorTick] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const openIdRef = useRef(openId);
  openIdRef.current = openId;
  const stamp = useCallback(() => setNow(Date.now()), []);
  // a failed reload keeps the board on screen
  const { state: loaded, reload } = useAsync(readBoard, { failedText: t.loadFailed, onData: stamp });
  const state = loadedOf(loaded);
  const load = useCallback(() => reload(), [reload]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const mode = useFloorEvents((event: FloorChange | null) => {
    load();
    const open = openIdRef.current;
    if (open !== null && (event === null || event.serviceOrderId === null || event.serviceOrderId === open)) setFloorTick((tick) => tick + 1);
  });

  const open = (id: number) => {
    setNotice(null);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('order', String(id));
      return next;
    });
  };
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('order');
      return next;
    });

  const board = state.status === 'ready' ? state.data : null;
  const columns = board ? boardColumns(board) : null;

  return (
    <section aria-labelledby="board-heading">
      <div className={styles.columnHeader} style={{ margin: '16px 0 12px', flexWrap: 'wrap' }}>
        <h2 id="board-heading" style={{ margin: 0 }}>
          {board ? t.boardHeading(board.centre.name, formatCalendarDate(board.date)) : t.boardHeadingPlain}
        </h2>
        <LiveStatus mode={mode} />
      </div>
      <p role="status" className={styles.done}>
        {notice ?? ''}
      </p>
      {state.status === 'loading' && <p>{t.loading}</p>}
      {state.status === 'failed' && (
        <p role="alert" className={styles.alert}>
          {state.message}{' '}
          <button type="button" className={styles.secondary} onClick={load}>
            {t.retry}
          </button>
        </p>
      )}
      {board && columns && (
        <div className={styles.board}>
          {BOARD_COLUMNS.map((column) => {
            const count = column.key === 'WAITING' ? board.waiting.length : columns[column.key].length;
            const headingId = `board-column-${column.key}`;
            return (
              <section key={column.key} className={styles.column} aria-labelledby={headingId} data-column={column.key}>
                <div className={styles.columnHeader}>
                  <h3 id={headingId}>{column.label}</h3>
                  <span className={styles.count}>{t.columnCount(count)}</span>
                </div>
                {count === 0 && <p className={styles.muted}>{t.emptyColumn}</p>}
                {column.key === 'WAITING' ? (
                  <ul className={styles.cards}>
                    {board.waiting.map((appointment) => (
                      <li key={appointment.id}>
                        <article className={styles.card}>
                          <h4 className={styles.cardTitle}>{appointment.licensePlate}</h4>
                          <p className={styles.meta}>
                            {t.card.appointmentTime(vietnamClockOf(appointment.start))} · {appointment.code}
                          </p>
                          <p className={styles.meta}>
                            {appointment.vehicle.brand} {appointment.vehicle.model} · {appointment.customer.fullName}
                          </p>
                          <p className={styles.meta}>{appointment.services.join(', ')}</p>
                          <p className={styles.meta}>{appointment.statusLabel}</p>
                          {(CHECK_IN_APPOINTMENT_STATUSES as readonly string[]).includes(appointment.status) && appointment.serviceOrder === null && (
                            <div className={styles.buttons}>
                              <button
                                type="button"
                                className={styles.action}
                                aria-label={t.card.checkInLabel(appointment.licensePlate, appointment.code)}
                                onClick={() => setCheckIn(appointment)}
                              >
                                {t.card.checkIn}
                              </button>
                            </div>
                          )}
                        </article>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <ul className={styles.cards}>
                    {columns[column.key].map((card) => (
                      <li key={card.id}>
                        <ServiceOrderCard card={card} now={now} showStatus={column.key === 'AWAITING_PAYMENT'} onOpen={open} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}

      {checkIn && (
        <CheckInDialog
          appointment={checkIn}
          serviceBays={board?.centre.serviceBays ?? 1}
          onClose={() => setCheckIn(null)}
          onStale={load}
          onCheckedIn={(order) => {
            setCheckIn(null);
            setNotice(frontDeskText.day.checkedIn(order.licensePlate, order.code));
            load();
          }}
        />
      )}
      {openId !== null && (
        <ServiceOrderDrawer orderId={openId} serviceBays={board?.centre.serviceBays ?? null} refreshKey={floorTick} onClose={close} onChanged={load} />
      )}
    </section>
  );
}
