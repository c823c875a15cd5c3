import { useId, useState } from 'react';
import type { Role } from 'shared-contracts';
import { formatCalendarDate, vietnamDateOf } from 'shared-contracts/calendar';
import { useAsync } from '../hooks/useAsync';
import { ListMessages } from '../components/ListMessages';
import { rosterApi } from './rosterApi';
import { rosterText } from './rosterText';
import styles from './Roster.module.css';

const t = rosterText;

const readRoster = (signal: AbortSignal) => rosterApi.roster(signal);

/** The roles a centre's people have, in the order a manager reads them. */
const ROLE_ORDER: readonly Role[] = ['manager', 'staff', 'technician'];

/**
 * /manager?view=roster (spec back-office §3 'view centre roster'): the people of the manager's centre with their
 * contact, role, since when they are assigned and whether the account is active; a role filter. Read-only: the
 * admin assigns and moves people on /admin/staff-management.
 */
export function ManagerRoster() {
  const titleId = useId();
  const introId = useId();
  const roleSelectId = useId();
  const [role, setRole] = useState<Role | ''>('');
  const { state, reload } = useAsync(readRoster, { failedText: t.loadFailed });
  const roster = state.data ?? null;
  // a reload keeps the people on screen and clears the last failure
  const failed = state.loading ? null : state.error;

  const members = roster?.members ?? [];
  const roles = [...ROLE_ORDER, ...members.map((member) => member.role).filter((value) => !ROLE_ORDER.includes(value))].filter(
    (value, index, all) => all.indexOf(value) === index,
  );
  const shown = members
    .filter((member) => role === '' || member.role === role)
    .slice()
    .sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) || a.fullName.localeCompare(b.fullName, 'vi'));

  return (
    <section className={styles.panel} aria-labelledby={titleId} aria-describedby={introId}>
      <h2 id={titleId}>{t.title(roster?.centreName ?? '')}</h2>
      <p id={introId} className={styles.muted}>
        {t.intro}
      </p>
      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor={roleSelectId}>{t.roleFilter.label}</label>
          <select id={roleSelectId} className={styles.select} value={role} onChange={(event) => setRole(event.target.value as Role | '')}>
            <option value="">{t.roleFilter.all}</option>
            {roles.map((value) => (
              <option key={value} value={value}>
                {t.roles[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListMessages
        announcement={roster ? t.caption(shown.length, members.length) : ''}
        actionError={null}
        failed={failed}
        onRetry={() => reload()}
        retryLabel={t.retry}
        loading={!roster}
        loadingLabel={t.loading}
        empty={roster !== null && shown.length === 0}
        emptyLabel={members.length === 0 || role === '' ? t.empty : t.emptyRole(t.roles[role])}
      />
      {shown.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{t.columns.name}</th>
                <th scope="col">{t.columns.role}</th>
                <th scope="col">{t.columns.email}</th>
                <th scope="col">{t.columns.phone}</th>
                <th scope="col">{t.columns.since}</th>
                <th scope="col">{t.columns.status}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((member) => (
                <tr key={member.userId}>
                  <th scope="row">{member.fullName}</th>
                  <td className={styles.nowrap}>{t.roles[member.role]}</td>
                  <td>
                    <a href={`mailto:${member.email}`}>{member.email}</a>
                  </td>
                  <td className={styles.nowrap}>{member.phone ? <a href={`tel:${member.phone}`}>{member.phone}</a> : t.noPhone}</td>
                  <td className={styles.nowrap}>
                    <time dateTime={member.assignment.assignedAt}>{formatCalendarDate(vietnamDateOf(member.assignment.assignedAt))}</time>
                  </td>
                  <td>{member.disabled ? <span className={styles.badgeWarn}>{t.status.disabled}</span> : <span className={styles.badge}>{t.status.active}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
