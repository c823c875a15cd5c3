import { useCallback, useId, useState, type FormEvent } from 'react';
import { SERVICE_KIND_LABELS } from 'shared-contracts/backoffice';
import type { ServiceAdminListItem } from 'shared-contracts/schemas';
import { useAsync } from '../hooks/useAsync';
import { formatVnd } from './catalogueAdminText';
import { serviceAdminApi, type ServiceListQuery } from './serviceAdminApi';
import { serviceText as t } from './serviceAdminText';
import { ServiceEditor } from './ServiceEditor';
import { RowActions, useActiveToggle } from './serviceFormParts';
import styles from './CatalogueAdmin.module.css';

const PAGE_SIZE = 25;

type Editing = { kind: 'new' } | { kind: 'service'; id: number } | null;

/**
 * The services (shop-operations.md §2): searched without diacritics, filtered by status, a page at a time; the admin
 * archives and restores here and edits a service with its checklist template below. Read-only for a manager.
 */
export function ServiceCatalogue({ readOnly }: { readOnly: boolean }) {
  const ids = { search: useId(), status: useId() };
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<ServiceListQuery>({ q: '', status: '', page: 1, pageSize: PAGE_SIZE });
  const [editing, setEditing] = useState<Editing>(null);
  const [opening, setOpening] = useState(0);
  const open = (next: Editing) => {
    setOpening((count) => count + 1);
    setEditing(next);
  };
  const readPage = useCallback((signal: AbortSignal) => serviceAdminApi.list(query, signal), [query]);
  const { state, reload } = useAsync(readPage, { failedText: t.loadFailed, start: 'keep' });
  const page = state.data;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery((current) => ({ ...current, q: typed.trim(), page: 1 }));
  };

  const { error: actionError, toggle } = useActiveToggle<ServiceAdminListItem>(serviceAdminApi.setActive, reload, t.loadFailed);

  return (
    <>
      {readOnly && <p className={styles.hint}>{t.readOnly}</p>}
      <section className={styles.panel} aria-labelledby={`${ids.search}-title`}>
        <h2 id={`${ids.search}-title`}>{t.listTitle}</h2>
        <form className={styles.toolbar} role="search" onSubmit={search}>
          <div className={styles.field}>
            <label htmlFor={ids.search}>{t.search}</label>
            <input id={ids.search} className={styles.input} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
          </div>
          <button type="submit" className={styles.secondary}>
            {t.searchButton}
          </button>
          <div className={styles.field}>
            <label htmlFor={ids.status}>{t.status}</label>
            <select id={ids.status} className={styles.select} value={query.status} onChange={(event) => setQuery((current) => ({ ...current, status: event.target.value as ServiceListQuery['status'], page: 1 }))}>
              <option value="">{t.all}</option>
              <option value="active">{t.statuses.active}</option>
              <option value="archived">{t.statuses.archived}</option>
            </select>
          </div>
          {!readOnly && (
            <button type="button" className={styles.primary} onClick={() => open({ kind: 'new' })}>
              {t.create}
            </button>
          )}
        </form>
        {(actionError ?? (state.error && !state.loading)) && (
          <p className={styles.alert} role="alert">
            {actionError ?? state.error}
          </p>
        )}
        {page && (
          <>
            <p className={styles.hint} aria-live="polite">
              {t.total(page.total)}
            </p>
            {page.items.length === 0 ? (
              <p>{t.empty}</p>
            ) : (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      {Object.values(t.columns).map((label) => (
                        <th key={label} scope="col">
                          {label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {page.items.map((item) => (
                      <tr key={item.id}>
                        <td>{item.name}</td>
                        <td>{SERVICE_KIND_LABELS[item.kind]}</td>
                        <td>{formatVnd(item.price)}</td>
                        <td>{t.minutes(item.durationMinutes)}</td>
                        <td>{item.checklistCount}</td>
                        <td>{item.isActive ? t.statuses.active : t.statuses.archived}</td>
                        <td>
                          <RowActions name={item.name} isActive={item.isActive} readOnly={readOnly} onOpen={() => open({ kind: 'service', id: item.id })} onToggle={() => void toggle(item)} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <nav className={styles.pager} aria-label={t.listTitle}>
              <button type="button" className={styles.secondary} disabled={page.page <= 1} onClick={() => setQuery((current) => ({ ...current, page: current.page - 1 }))}>
                {t.previous}
              </button>
              <span>{t.page(page.page, page.totalPages)}</span>
              <button type="button" className={styles.secondary} disabled={page.page >= page.totalPages} onClick={() => setQuery((current) => ({ ...current, page: current.page + 1 }))}>
                {t.next}
              </button>
            </nav>
          </>
        )}
      </section>
      {editing && (
        <ServiceEditor
          key={opening}
          serviceId={editing.kind === 'new' ? null : editing.id}
          readOnly={readOnly}
          onSaved={(service) => {
            setEditing({ kind: 'service', id: service.id });
            reload();
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
