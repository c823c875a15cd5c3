import { useCallback, useId, useState } from 'react';
import { formatDateTime } from 'shared-contracts';
import type { ServiceCentre, StaffMember, StaffRoster } from 'shared-contracts/schemas';
import { isConflict, messageOf } from '../api/apiErrors';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useAsync } from '../hooks/useAsync';
import { MoveDialog } from './MoveDialog';
import { staffApi } from './staffApi';
import { staffText } from './staffText';
import styles from '../components/AdminLists.module.css';
import { ListMessages } from '../components/ListMessages';
import { CentreSelect } from '../components/CentreSelect';

const t = staffText;

const readCentres = (signal: AbortSignal) => staffApi.centres(signal);

type Unassigned = StaffRoster['unassigned'][number];
type Dialog = { kind: 'move'; member: StaffMember } | { kind: 'end'; member: StaffMember } | { kind: 'assign'; member: Unassigned } | null;

/**
 * /admin/staff-management (spec back-office §7 A3): the centre picker, the centre's people with their current
 * assignment and work in progress, the unassigned people; assign, move and end with a confirmation. A 409
 * (HAS_ACTIVE_WORK: a technician with an order in progress) is explained and the roster reloaded.
 */
export function StaffManagement() {
  const centreSelectId = useId();
  const titleId = useId();
  const [centreId, setCentreId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const chooseFirst = useCallback((list: ServiceCentre[]) => setCentreId((current) => current ?? list[0]?.id ?? null), []);
  const centresLoad = useAsync(readCentres, { failedText: t.loadFailed, onData: chooseFirst });
  const centres = centresLoad.state.data ?? null;
  const readRoster = useCallback((signal: AbortSignal) => staffApi.roster(centreId ?? 0, signal), [centreId]);
  // another centre starts afresh; a reload keeps the roster on screen and clears the last failure
  const { state, reload } = useAsync(readRoster, { failedText: t.loadFailed, enabled: centreId !== null });
  const roster = state.data ?? null;
  const failed = (state.loading ? null : state.error) ?? centresLoad.state.error;

  const run = async (write: () => Promise<unknown>, done: string) => {
    setActionError(null);
    try {
      await write();
      setDialog(null);
      setAnnouncement(done);
      reload();
    } catch (error) {
      setDialog(null);
      const message = messageOf(error, t.actionFailed);
      if (isConflict(error)) {
        setActionError(`${message} ${t.reloaded}`);
        reload();
      } else setActionError(message);
    }
  };

  const centreName = roster?.centreName ?? centres?.find((centre) => centre.id === centreId)?.name ?? '';

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor={centreSelectId}>{t.centre.label}</label>
          <CentreSelect id={centreSelectId} className={styles.select} centres={centres} value={centreId ?? undefined} onChange={setCentreId} />
        </div>
      </div>
      <h2 id={titleId}>{t.membersTitle(centreName)}</h2>
      <ListMessages
        announcement={announcement}
        actionError={actionError}
        failed={failed}
        onRetry={() => reload()}
        retryLabel={t.retry}
        loading={!roster}
        loadingLabel={t.loading}
        empty={roster !== null && roster.members.length === 0}
        emptyLabel={t.noMembers}
      />
      {roster && roster.members.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{t.columns.name}</th>
                <th scope="col">{t.columns.role}</th>
                <th scope="col">{t.columns.since}</th>
                <th scope="col">{t.columns.work}</th>
                <th scope="col">{t.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {roster.members.map((member) => (
                <tr key={member.userId}>
                  <th scope="row">
                    {member.fullName} {member.disabled && <span className={styles.badgeWarn}>{t.disabled}</span>}
                  </th>
                  <td>{t.roles[member.role]}</td>
                  <td>
                    <time dateTime={member.assignment.assignedAt}>{formatDateTime(member.assignment.assignedAt)}</time>
                  </td>
                  <td>{t.workCount(member.activeWorkCount)}</td>
                  <td>
                    <div className={styles.actions}>
                      <button type="button" className={styles.secondary} aria-label={t.actions.move(member.fullName)} onClick={() => setDialog({ kind: 'move', member })}>
                        {t.actions.moveShort}
                      </button>
                      <button type="button" className={styles.danger} aria-label={t.actions.end(member.fullName)} onClick={() => setDialog({ kind: 'end', member })}>
                        {t.actions.endShort}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {roster && (
        <>
          <h2>{t.unassignedTitle}</h2>
          {roster.unassigned.length === 0 ? (
            <p className={styles.muted}>{t.noUnassigned}</p>
          ) : (
            <ul className={styles.form} aria-label={t.unassignedTitle}>
              {roster.unassigned.map((member) => (
                <li key={member.userId} className={styles.toolbar}>
                  <span>
                    {member.fullName} · {t.roles[member.role]} · {member.email}
                  </span>
                  <button type="button" className={styles.secondary} aria-label={t.actions.assign(member.fullName)} onClick={() => setDialog({ kind: 'assign', member })}>
                    {t.actions.assignShort}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      {dialog?.kind === 'move' && (
        <MoveDialog
          member={dialog.member}
          centres={centres ?? []}
          onClose={() => setDialog(null)}
          onSubmit={(centre) => run(() => staffApi.assign(dialog.member.userId, centre.id), t.done.moved(dialog.member.fullName, centre.name))}
        />
      )}
      {dialog?.kind === 'end' && (
        <ConfirmDialog
          title={t.endDialog.title(dialog.member.fullName)}
          confirmLabel={t.endDialog.confirm}
          busyLabel={t.endDialog.busy}
          tone="danger"
          onClose={() => setDialog(null)}
          onConfirm={() => run(() => staffApi.end(dialog.member.userId), t.done.ended(dialog.member.fullName))}
        >
          <p>{t.endDialog.body}</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'assign' && centreId !== null && (
        <ConfirmDialog
          title={t.assignDialog.title(dialog.member.fullName, centreName)}
          confirmLabel={t.assignDialog.confirm}
          busyLabel={t.assignDialog.busy}
          onClose={() => setDialog(null)}
          onConfirm={() => run(() => staffApi.assign(dialog.member.userId, centreId), t.done.assigned(dialog.member.fullName, centreName))}
        >
          <p>{t.assignDialog.body}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
