import { useCallback, useId, useState, type FormEvent } from 'react';
import { sessionStore } from 'shared-contracts';
import type { AdminUser, AssignableRole } from 'shared-contracts/schemas';
import { isConflict, messageOf } from '../api/apiErrors';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useAsync } from '../hooks/useAsync';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { CreateUserDialog } from './CreateUserDialog';
import { usersApi } from './usersApi';
import { usersText } from './usersText';
import styles from '../components/AdminLists.module.css';
import { ListMessages } from '../components/ListMessages';

const t = usersText;
export const USERS_PAGE_SIZE = 20;

const readCentres = (signal: AbortSignal) => usersApi.centres(signal);

type Dialog = { kind: 'create' } | { kind: 'role'; user: AdminUser } | { kind: 'disable'; user: AdminUser } | { kind: 'enable'; user: AdminUser } | null;

function statusOf(user: AdminUser): { text: string; warn: boolean } {
  if (user.disabled) return { text: t.status.disabled, warn: true };
  if (!user.hasPassword && !user.emailVerified) return { text: t.status.invited, warn: false };
  if (!user.emailVerified) return { text: t.status.unverified, warn: false };
  return { text: t.status.active, warn: false };
}

/**
 * /admin/users (spec back-office §7 A2): search by name, email or phone, the role filter and pages; create an
 * account by invite, change a role, disable and enable with a confirmation. A refusal (409 LAST_ADMIN,
 * HAS_ACTIVE_WORK, …) is explained and the list reloaded; what happened is announced (aria-live).
 */
export function UsersAdmin() {
  const ids = { search: useId(), role: useId() };
  const selfId = Number(sessionStore.current?.user.id ?? 0);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ q: '', role: '', page: 1 });
  const [announcement, setAnnouncement] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const centres = useAsync(readCentres, {}).state.data ?? [];
  const readPage = useCallback(
    (signal: AbortSignal) => usersApi.list({ q: query.q, role: query.role, page: query.page, pageSize: USERS_PAGE_SIZE }, signal),
    [query],
  );
  // another query keeps the page on screen until its answer; a reload clears the last failure
  const { state, reload } = useAsync(readPage, { failedText: t.loadFailed, start: 'keep' });
  const data = state.data ?? null;
  const failed = state.loading ? null : state.error;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery((current) => ({ ...current, q: typed.trim(), page: 1 }));
  };

  /** Runs a write; success announces and reloads; a 409 is explained and the list reloaded. */
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

  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section className={styles.panel} aria-labelledby={`${ids.search}-title`}>
      <h2 id={`${ids.search}-title`}>{t.listTitle}</h2>
      <div className={styles.toolbar}>
        <form role="search" className={styles.toolbar} onSubmit={search}>
          <div className={styles.field}>
            <label htmlFor={ids.search}>{t.search.label}</label>
            <input id={ids.search} type="search" className={styles.input} value={typed} placeholder={t.search.placeholder} onChange={(event) => setTyped(event.target.value)} />
          </div>
          <button type="submit" className={styles.secondary}>
            {t.search.submit}
          </button>
        </form>
        <div className={styles.field}>
          <label htmlFor={ids.role}>{t.roleFilter.label}</label>
          <select id={ids.role} className={styles.select} value={query.role} onChange={(event) => setQuery((current) => ({ ...current, role: event.target.value, page: 1 }))}>
            <option value="">{t.roleFilter.all}</option>
            {(Object.keys(t.roles) as Array<keyof typeof t.roles>).map((role) => (
              <option key={role} value={role}>
                {t.roles[role]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={styles.action} onClick={() => setDialog({ kind: 'create' })}>
          {t.create}
        </button>
      </div>

      <ListMessages
        announcement={announcement}
        actionError={actionError}
        failed={failed}
        onRetry={() => reload()}
        retryLabel={t.retry}
        loading={!data}
        loadingLabel={t.loading}
        empty={data !== null && data.items.length === 0}
        emptyLabel={t.empty}
      />
      {data && data.items.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.hint}>{t.tableCaption(data.total)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.name}</th>
                <th scope="col">{t.columns.email}</th>
                <th scope="col">{t.columns.phone}</th>
                <th scope="col">{t.columns.role}</th>
                <th scope="col">{t.columns.centre}</th>
                <th scope="col">{t.columns.status}</th>
                <th scope="col">{t.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((user) => {
                const status = statusOf(user);
                const self = user.id === selfId;
                return (
                  <tr key={user.id}>
                    <th scope="row">{user.fullName}</th>
                    <td>{user.email}</td>
                    <td>{user.phone ?? t.noCentre}</td>
                    <td>{t.roles[user.role]}</td>
                    <td>{user.centre?.name ?? t.noCentre}</td>
                    <td>
                      <span className={status.warn ? styles.badgeWarn : styles.badge}>{status.text}</span>
                    </td>
                    <td>
                      {self ? (
                        <span className={styles.hint}>{t.actions.self}</span>
                      ) : (
                        <div className={styles.actions}>
                          {user.role !== 'customer' && (
                            <button type="button" className={styles.secondary} aria-label={t.actions.changeRole(user.fullName)} onClick={() => setDialog({ kind: 'role', user })}>
                              {t.actions.changeRoleShort}
                            </button>
                          )}
                          {user.disabled ? (
                            <button type="button" className={styles.secondary} aria-label={t.actions.enable(user.fullName)} onClick={() => setDialog({ kind: 'enable', user })}>
                              {t.actions.enableShort}
                            </button>
                          ) : (
                            <button type="button" className={styles.danger} aria-label={t.actions.disable(user.fullName)} onClick={() => setDialog({ kind: 'disable', user })}>
                              {t.actions.disableShort}
                            </button>
                          )}
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <nav aria-label={t.pager.label} className={styles.toolbar}>
          <button type="button" className={styles.secondary} disabled={query.page <= 1} onClick={() => setQuery((current) => ({ ...current, page: current.page - 1 }))}>
            {t.pager.previous}
          </button>
          <p className={styles.muted} aria-live="polite">
            {t.pager.status(query.page, totalPages, data.total)}
          </p>
          <button type="button" className={styles.secondary} disabled={query.page >= totalPages} onClick={() => setQuery((current) => ({ ...current, page: current.page + 1 }))}>
            {t.pager.next}
          </button>
        </nav>
      )}

      {dialog?.kind === 'create' && (
        <CreateUserDialog
          centres={centres}
          onClose={() => setDialog(null)}
          onCreated={(_user, message) => {
            setDialog(null);
            setActionError(null);
            setAnnouncement(message);
            reload();
          }}
        />
      )}
      {dialog?.kind === 'role' && (
        <ChangeRoleDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onSubmit={(role: AssignableRole) => run(() => usersApi.changeRole(dialog.user.id, role), t.roleDialog.done(dialog.user.fullName, t.roles[role]))}
        />
      )}
      {dialog?.kind === 'disable' && (
        <ConfirmDialog
          title={t.disableDialog.title(dialog.user.fullName)}
          confirmLabel={t.disableDialog.confirm}
          busyLabel={t.disableDialog.busy}
          tone="danger"
          onClose={() => setDialog(null)}
          onConfirm={() => run(() => usersApi.disable(dialog.user.id), t.disableDialog.done(dialog.user.fullName))}
        >
          <p>{t.disableDialog.body}</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'enable' && (
        <ConfirmDialog
          title={t.enableDialog.title(dialog.user.fullName)}
          confirmLabel={t.enableDialog.confirm}
          busyLabel={t.enableDialog.busy}
          onClose={() => setDialog(null)}
          onConfirm={() => run(() => usersApi.enable(dialog.user.id), t.enableDialog.done(dialog.user.fullName))}
        >
          <p>{t.enableDialog.body}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
