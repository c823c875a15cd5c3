import { useCallback, useId, useState } from 'react';
import { addCalendarDays, vietnamDateOf } from 'shared-contracts/calendar';
import type { Shift, ShiftWeek } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useAsync } from '../hooks/useAsync';
import { ListMessages } from '../components/ListMessages';
import { ShiftDialog, type ShiftDraft } from './ShiftDialog';
import { shiftsApi } from './shiftsApi';
import { shiftsText } from './shiftsText';
import { dayMonth, minutesBetween, thisWeekStart } from './weekDays';
import styles from './Shifts.module.css';

const t = shiftsText;

type Technician = ShiftWeek['technicians'][number];

/** The cell being worked on: a technician's day, with its shift if there is one. */
interface CellRef {
  technician: Technician;
  dayIndex: number;
  shift: Shift | null;
}

type Dialog = { kind: 'edit'; cell: CellRef } | { kind: 'remove'; cell: CellRef & { shift: Shift } } | { kind: 'copy' } | null;

interface Props {
  /** The technicians of the loaded week, for the time entries' filter. */
  onTechnicians?: (technicians: Array<{ id: number; fullName: string }>) => void;
}

/** One technician's row with `shift` put on `dayIndex` (null removes it), its planned total recomputed. */
function withShift(week: ShiftWeek, technicianId: number, dayIndex: number, shift: Shift | null): ShiftWeek {
  return {
    ...week,
    technicians: week.technicians.map((row) => {
      if (row.technicianId !== technicianId) return row;
      const shifts = row.shifts.map((current, index) => (index === dayIndex ? shift : current));
      return { ...row, shifts, plannedMinutes: shifts.reduce((sum, item) => sum + (item ? minutesBetween(item.startTime, item.endTime) : 0), 0) };
    }),
  };
}

/**
 * The shift week (spec back-office §7 M3): rows = the centre's technicians, columns = Monday to Sunday; each cell
 * is a button that adds or edits that day's shift in a dialog (the opening hours as a hint; a 422 such as
 * SHIFT_OUTSIDE_HOURS is shown in the dialog, which stays open). Week navigation, delete with a confirmation and
 * 'Sao chép tuần trước' with a confirmation and the count announced. A 409/404 is explained and the week reloaded.
 */
export function ShiftWeekPanel({ onTechnicians }: Props) {
  const titleId = useId();
  const hoursId = useId();
  const [weekStart, setWeekStart] = useState(() => thisWeekStart());
  const [announcement, setAnnouncement] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const readWeek = useCallback((signal: AbortSignal) => shiftsApi.week(weekStart, signal), [weekStart]);
  // another week starts afresh; a reload keeps the week on screen and clears the last failure
  const { state, reload, setData: setWeek } = useAsync(readWeek, {
    failedText: t.loadFailed,
    onData: (answer) => onTechnicians?.(answer.technicians.map((row) => ({ id: row.technicianId, fullName: row.fullName }))),
  });
  const week = state.data ?? null;
  const failed = state.loading ? null : state.error;

  const goTo = (monday: string) => {
    setWeekStart(monday);
    setActionError(null);
  };

  /** The week changed under us (a 409, or a 404: the shift or the technician is gone): say so and reload. */
  const stale = (error: unknown) => {
    setDialog(null);
    setActionError(`${messageOf(error, t.actionFailed)} ${t.reloaded}`);
    reload();
  };

  const today = vietnamDateOf(new Date());
  const shown = week?.weekStart === weekStart ? week : null;
  const days = shown?.days ?? Array.from({ length: 7 }, (_, index) => addCalendarDays(weekStart, index));
  const dayText = (dayIndex: number) => t.dayLabel(t.weekdays[dayIndex] ?? '', days[dayIndex] ?? '');

  const save = async (cell: CellRef, draft: ShiftDraft) => {
    const workDate = days[cell.dayIndex]!;
    const outcome = await shiftsApi.save({ technicianId: cell.technician.technicianId, workDate, startTime: draft.startTime, endTime: draft.endTime });
    const saved: Shift = outcome.data ?? { id: cell.shift?.id ?? 0, technicianId: cell.technician.technicianId, centreId: shown?.centreId ?? 0, workDate, ...draft };
    setWeek((current) => current && withShift(current, cell.technician.technicianId, cell.dayIndex, saved));
    setDialog(null);
    setActionError(null);
    setAnnouncement(`${outcome.message ?? t.done.saved} ${cell.technician.fullName}, ${dayText(cell.dayIndex)}: ${t.shift(saved.startTime, saved.endTime)}.`);
    if (!outcome.data) reload();
  };

  const remove = async (cell: CellRef & { shift: Shift }) => {
    try {
      const outcome = await shiftsApi.remove(cell.shift.id);
      setWeek((current) => current && withShift(current, cell.technician.technicianId, cell.dayIndex, null));
      setDialog(null);
      setActionError(null);
      setAnnouncement(`${outcome.message ?? t.done.removed} ${cell.technician.fullName}, ${dayText(cell.dayIndex)}.`);
    } catch (error) {
      stale(error);
    }
  };

  const copy = async () => {
    try {
      const outcome = await shiftsApi.copyPreviousWeek(weekStart);
      setDialog(null);
      setActionError(null);
      setAnnouncement(outcome.data ? t.copy.done(outcome.data.copied, outcome.data.skipped) : (outcome.message ?? t.copy.done(0, 0)));
      reload();
    } catch (error) {
      setDialog(null);
      setActionError(messageOf(error, t.actionFailed));
      reload();
    }
  };

  const thisWeek = thisWeekStart();

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.panelHeader}>
        <h2 id={titleId}>
          {t.title}: {t.weekRange(weekStart, addCalendarDays(weekStart, 6))}
        </h2>
        <button type="button" className={styles.secondary} disabled={!shown} onClick={() => setDialog({ kind: 'copy' })}>
          {t.copy.button}
        </button>
      </div>
      <div className={styles.toolbar} role="group" aria-label={t.nav.label}>
        <button type="button" className={styles.secondary} onClick={() => goTo(addCalendarDays(weekStart, -7))}>
          ‹ {t.nav.previous}
        </button>
        <button type="button" className={styles.secondary} disabled={weekStart === thisWeek} onClick={() => goTo(thisWeek)}>
          {t.nav.current}
        </button>
        <button type="button" className={styles.secondary} onClick={() => goTo(addCalendarDays(weekStart, 7))}>
          {t.nav.next} ›
        </button>
      </div>
      {shown && (
        <p id={hoursId} className={styles.hint}>
          {t.openingHours(shown.centreName, shown.openTime, shown.closeTime)}
        </p>
      )}
      <ListMessages
        announcement={announcement}
        actionError={actionError}
        failed={failed}
        onRetry={() => reload()}
        retryLabel={t.retry}
        loading={!shown}
        loadingLabel={t.loading}
        empty={shown !== null && shown.technicians.length === 0}
        emptyLabel={t.noTechnicians}
      />
      {shown && shown.technicians.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby={titleId} aria-describedby={hoursId}>
            <thead>
              <tr>
                <th scope="col" className={styles.sticky}>
                  {t.columns.technician}
                </th>
                {days.map((day, index) => (
                  <th key={day} scope="col" className={day === today ? styles.today : undefined} aria-current={day === today ? 'date' : undefined}>
                    <span className={styles.dayName}>{t.weekdays[index]}</span> {dayMonth(day)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.technicians.map((technician) => (
                <tr key={technician.technicianId}>
                  <th scope="row" className={styles.sticky}>
                    {technician.fullName}
                    <span className={styles.rowTotal}>
                      {t.columns.total}: {t.plannedTotal(technician.plannedMinutes)}
                    </span>
                  </th>
                  {technician.shifts.map((shift, dayIndex) => {
                    const day = dayText(dayIndex);
                    const cell: CellRef = { technician, dayIndex, shift };
                    return (
                      <td key={days[dayIndex]} className={days[dayIndex] === today ? styles.today : undefined}>
                        {shift ? (
                          <button
                            type="button"
                            className={styles.cellButton}
                            aria-label={t.editLabel(technician.fullName, day, t.shift(shift.startTime, shift.endTime))}
                            onClick={() => setDialog({ kind: 'edit', cell })}
                          >
                            {t.shift(shift.startTime, shift.endTime)}
                          </button>
                        ) : (
                          <button type="button" className={styles.addButton} aria-label={t.addLabel(technician.fullName, day)} onClick={() => setDialog({ kind: 'edit', cell })}>
                            {t.addShort}
                          </button>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {dialog?.kind === 'edit' && shown && (
        <ShiftDialog
          title={(dialog.cell.shift ? t.dialog.editTitle : t.dialog.addTitle)(dialog.cell.technician.fullName, dayText(dialog.cell.dayIndex))}
          openTime={shown.openTime}
          closeTime={shown.closeTime}
          initial={dialog.cell.shift ? { startTime: dialog.cell.shift.startTime, endTime: dialog.cell.shift.endTime } : { startTime: shown.openTime, endTime: shown.closeTime }}
          onRemove={dialog.cell.shift ? () => setDialog({ kind: 'remove', cell: { ...dialog.cell, shift: dialog.cell.shift! } }) : undefined}
          onSubmit={(draft) => save(dialog.cell, draft)}
          onStale={stale}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          title={t.remove.title(dialog.cell.technician.fullName, dayText(dialog.cell.dayIndex))}
          confirmLabel={t.remove.confirm}
          busyLabel={t.remove.busy}
          tone="danger"
          onClose={() => setDialog(null)}
          onConfirm={() => remove(dialog.cell)}
        >
          <p>{t.remove.body(t.shift(dialog.cell.shift.startTime, dialog.cell.shift.endTime))}</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'copy' && (
        <ConfirmDialog title={t.copy.title} confirmLabel={t.copy.confirm} busyLabel={t.copy.busy} onClose={() => setDialog(null)} onConfirm={copy}>
          <p>{t.copy.body(addCalendarDays(weekStart, -7), addCalendarDays(weekStart, -1))}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
