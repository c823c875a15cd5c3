import { useCallback, useId, useState } from 'react';
import { ApiError } from 'shared-contracts';
import { formatVietnamDateTime, isCalendarDate, vietnamDateOf } from 'shared-contracts/calendar';
import type { TimeEntry } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/errors';
import { messageOf } from '../api/apiErrors';
import { LiveStatus, useFloorEvents } from '../floorEvents';
import { useAsync } from '../hooks/useAsync';
import { ListMessages } from '../components/ListMessages';
import { CorrectEntryDialog, type Correction } from './CorrectEntryDialog';
import { shiftsApi } from './shiftsApi';
import { shiftsText } from './shiftsText';
import styles from './Shifts.module.css';

const t = shiftsText.entries;

interface Props {
  /** The centre's technicians (from the shift week), for the filter. */
  technicians: Array<{ id: number; fullName: string }>;
}

type FinishedEntry = TimeEntry & { endedAt: string };

/** Refusals the correction dialog cannot fix: the entry is running (again), changed, or gone. Overlap and 422s stay in the dialog. */
const isStaleRefusal = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || (error.status === 409 && error.code !== ERROR_CODES.TIME_ENTRY_OVERLAP));

/**
 * The centre's time entries of one day, optionally of one technician (spec back-office §7 M4): start, end, minutes,
 * order, and who last corrected it with their reason. 'Sửa' opens the correction dialog (reason required).
 * The centre's live stream reloads it when a technician clocks in or out.
 */
export function TimeEntriesPanel({ technicians }: Props) {
  const titleId = useId();
  const introId = useId();
  const dateId = useId();
  const technicianSelectId = useId();
  const [date, setDate] = useState(() => vietnamDateOf(new Date()));
  const [technicianId, setTechnicianId] = useState<number | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [editing, setEditing] = useState<FinishedEntry | null>(null);
  const validDate = isCalendarDate(date);
  const readEntries = useCallback((signal: AbortSignal) => shiftsApi.timeEntries({ from: date, to: date, technicianId }, signal), [date, technicianId]);
  // another day or technician starts afresh; a reload keeps the list on screen and clears the last failure
  const { state, reload, setData: setList } = useAsync(readEntries, { failedText: t.loadFailed, enabled: validDate });
  const list = state.data ?? null;
  const failed = state.loading ? null : state.error;
  const mode = useFloorEvents(() => reload());

  const correct = async (entry: FinishedEntry, correction: Correction) => {
    const outcome = await shiftsApi.correct(entry.id, correction);
    const updated = outcome.data;
    if (updated) {
      setList((current) => {
        if (!current) return current;
        const entries = current.entries.map((item) => (item.id === updated.id ? updated : item));
        return { ...current, entries, totalMinutes: entries.reduce((sum, item) => sum + (item.durationMinutes ?? 0), 0) };
      });
    } else reload();
    setEditing(null);
    setActionError(null);
    setAnnouncement(`${outcome.message ?? shiftsText.correct.done} ${entry.technicianName}, ${entry.serviceOrderCode}.`);
  };

  const stale = (error: unknown) => {
    setEditing(null);
    setActionError(`${messageOf(error, shiftsText.actionFailed)} ${t.reloaded}`);
    reload();
  };

  const shown = validDate ? list : null;

  return (
    <section className={styles.panel} aria-labelledby={titleId} aria-describedby={introId}>
      <div className={styles.panelHeader}>
        <h2 id={titleId}>{t.title}</h2>
        <LiveStatus mode={mode} />
      </div>
      <p id={introId} className={styles.muted}>
        {t.intro}
      </p>
      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor={dateId}>{t.date}</label>
          <input id={dateId} type="date" className={styles.input} value={date} max={vietnamDateOf(new Date())} required onChange={(event) => setDate(event.target.value)} />
        </div>
        <div className={styles.field}>
          <label htmlFor={technicianSelectId}>{t.technician}</label>
          <select
            id={technicianSelectId}
            className={styles.select}
            value={technicianId ?? ''}
            onChange={(event) => setTechnicianId(event.target.value === '' ? undefined : Number(event.target.value))}
          >
            <option value="">{t.allTechnicians}</option>
            {technicians.map((technician) => (
              <option key={technician.id} value={technician.id}>
                {technician.fullName}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={styles.secondary} disabled={!validDate} onClick={() => reload()}>
          {t.reload}
        </button>
      </div>
      {!validDate && (
        <p role="alert" className={styles.alert}>
          {t.badDate}
        </p>
      )}
      <ListMessages
        announcement={announcement}
        actionError={actionError}
        failed={failed}
        onRetry={() => reload()}
        retryLabel={shiftsText.retry}
        loading={validDate && !shown}
        loadingLabel={t.loading}
        empty={shown !== null && shown.entries.length === 0}
        emptyLabel={t.empty}
      />
      {shown && shown.truncated && <p className={styles.hint}>{t.truncated}</p>}
      {shown && shown.entries.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.hint}>{t.caption(date)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.technician}</th>
                <th scope="col">{t.columns.order}</th>
                <th scope="col">{t.columns.start}</th>
                <th scope="col">{t.columns.end}</th>
                <th scope="col">{t.columns.minutes}</th>
                <th scope="col">{t.columns.edit}</th>
                <th scope="col">{t.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {shown.entries.map((entry) => {
                const endedAt = entry.endedAt;
                return (
                  <tr key={entry.id}>
                    <th scope="row">{entry.technicianName}</th>
                    <td>
                      <span className={styles.nowrap}>{entry.serviceOrderCode}</span> · <span className={styles.nowrap}>{entry.licensePlate}</span>{' '}
                      <span className={styles.badge}>{t.source[entry.source] ?? entry.source}</span>
                    </td>
                    <td className={styles.nowrap}>
                      <time dateTime={entry.startedAt}>{formatVietnamDateTime(entry.startedAt)}</time>
                    </td>
                    <td className={styles.nowrap}>{endedAt ? <time dateTime={endedAt}>{formatVietnamDateTime(endedAt)}</time> : <span className={styles.badge}>{t.running}</span>}</td>
                    <td className={styles.nowrap}>{t.minutes(entry.durationMinutes)}</td>
                    <td>{entry.editedBy ? t.edited(entry.editedBy.fullName, entry.editReason) : t.notEdited}</td>
                    <td>
                      {endedAt ? (
                        <button
                          type="button"
                          className={styles.secondary}
                          aria-label={t.editLabel(entry.technicianName, entry.serviceOrderCode, formatVietnamDateTime(entry.startedAt))}
                          onClick={() => setEditing({ ...entry, endedAt })}
                        >
                          {t.editShort}
                        </button>
                      ) : (
                        <span className={styles.hint}>{t.runningNote}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={7}>{t.total(shown.totalMinutes)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {editing && (
        <CorrectEntryDialog entry={editing} onSubmit={(correction) => correct(editing, correction)} isStale={isStaleRefusal} onStale={stale} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
