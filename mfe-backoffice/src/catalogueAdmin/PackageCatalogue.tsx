import { useId } from 'react';
import { foldedWords, foldVietnamese } from 'shared-contracts';
import type { PackageAdmin } from 'shared-contracts/schemas';
import { PACKAGE_TIER_LABELS } from 'shared-contracts/backoffice';
import { useAsync } from '../hooks/useAsync';
import { formatVnd } from './catalogueAdminText';
import { catalogueItemText } from './catalogueItemText';
import { serviceAdminApi } from './serviceAdminApi';
import { packageText as t } from './serviceAdminText';
import { CreateButton, FilterSelect, ListAlert, ListTable, SearchBox, SearchedList, useListQuery } from './catalogueList';
import { RowActions, useActiveToggle } from './serviceFormParts';
import styles from './CatalogueAdmin.module.css';

interface PackageListQuery {
  q: string;
  status: '' | 'active' | 'archived';
  page: number;
}

const STATUS_OPTIONS = [
  { value: 'active', label: t.statuses.active },
  { value: 'archived', label: t.statuses.archived },
];

const readPackages = (signal: AbortSignal) => serviceAdminApi.packages(signal);

/** Whether a package matches the search (its name, without diacritics) and the status filter. */
function matches(item: PackageAdmin, query: PackageListQuery): boolean {
  if (query.status === 'active' && !item.isActive) return false;
  if (query.status === 'archived' && item.isActive) return false;
  const name = foldVietnamese(item.name);
  return foldedWords(query.q).every((word) => name.includes(word));
}

/**
 * The service packages: every one (archived too, a shop has a handful) with its credits, searched by name and filtered
 * by status in the page (the query kept in the URL); the admin archives and restores here, each package's form is its
 * own page.
 */
export function PackageCatalogue({ readOnly }: { readOnly: boolean }) {
  const ids = { search: useId(), status: useId() };
  const { typed, setTyped, query, search, filter } = useListQuery<PackageListQuery>({ q: '', status: '', page: 1 });
  const { state, reload } = useAsync(readPackages, { failedText: t.loadFailed, start: 'keep' });
  const { error: actionError, toggle } = useActiveToggle<PackageAdmin>(serviceAdminApi.setPackageActive, reload, t.loadFailed);

  const all = state.data;
  const items = all?.filter((item) => matches(item, query));
  return (
    <SearchedList
      id={ids.search}
      title={t.listTitle}
      readOnly={readOnly}
      readOnlyText={t.readOnly}
      onSearch={search}
      filters={
        <>
          <SearchBox id={ids.search} label={catalogueItemText.searchPackages} button={catalogueItemText.searchButton} value={typed} onChange={setTyped} />
          <FilterSelect
            id={ids.status}
            label={catalogueItemText.status}
            allText={catalogueItemText.all}
            value={query.status}
            options={STATUS_OPTIONS}
            onChange={(status) => filter({ status: status as PackageListQuery['status'] })}
          />
          <CreateButton readOnly={readOnly} text={t.create} kind="packages" />
        </>
      }
    >
      <ListAlert message={actionError ?? state.error} />
      {items && (
        <p className={styles.hint} aria-live="polite">
          {catalogueItemText.total(items.length)}
        </p>
      )}
      {items && items.length === 0 && <p>{all && all.length > 0 ? catalogueItemText.noMatch : t.empty}</p>}
      {items && items.length > 0 && (
        <ListTable columns={t.columns}>
          {items.map((item) => (
            <tr key={item.id}>
              <td>{item.name}</td>
              <td>{PACKAGE_TIER_LABELS[item.tier] ?? item.tier}</td>
              <td>{formatVnd(item.price)}</td>
              <td>{t.months(item.validityMonths)}</td>
              <td>{item.credits.map((credit) => `${credit.serviceName} × ${credit.quantity}`).join('; ')}</td>
              <td>{item.isActive ? t.statuses.active : t.statuses.archived}</td>
              <td>
                <RowActions name={item.name} isActive={item.isActive} readOnly={readOnly} kind="packages" id={item.id} onToggle={() => void toggle(item)} />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </SearchedList>
  );
}
