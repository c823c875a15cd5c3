import { useCallback, useId } from 'react';
import { SERVICE_KIND_LABELS } from 'shared-contracts/backoffice';
import type { ServiceAdminListItem } from 'shared-contracts/schemas';
import { useAsync } from '../hooks/useAsync';
import { formatVnd } from './catalogueAdminText';
import { serviceAdminApi, type ServiceListQuery } from './serviceAdminApi';
import { serviceText as t } from './serviceAdminText';
import { CreateButton, FilterSelect, ListAlert, PagedResults, SearchBox, SearchedList, useListQuery } from './catalogueList';
import { RowActions, useActiveToggle } from './serviceFormParts';

const PAGE_SIZE = 25;
const STATUS_OPTIONS = [
  { value: 'active', label: t.statuses.active },
  { value: 'archived', label: t.statuses.archived },
];

/**
 * The services (shop-operations.md §2): searched without diacritics, filtered by status, a page at a time; the admin
 * archives and restores here; a service's form with its checklist template is its own page. Read-only for a manager.
 */
export function ServiceCatalogue({ readOnly }: { readOnly: boolean }) {
  const ids = { search: useId(), status: useId() };
  const { typed, setTyped, query, search, filter, toPage } = useListQuery<ServiceListQuery>({ q: '', status: '', page: 1, pageSize: PAGE_SIZE });
  const readPage = useCallback((signal: AbortSignal) => serviceAdminApi.list(query, signal), [query]);
  const { state, reload } = useAsync(readPage, { failedText: t.loadFailed, start: 'keep' });
  const page = state.data;

  const { error: actionError, toggle } = useActiveToggle<ServiceAdminListItem>(serviceAdminApi.setActive, reload, t.loadFailed);

  return (
    <>
      <SearchedList
        id={ids.search}
        title={t.listTitle}
        readOnly={readOnly}
        readOnlyText={t.readOnly}
        onSearch={search}
        filters={
          <>
            <SearchBox id={ids.search} label={t.search} button={t.searchButton} value={typed} onChange={setTyped} />
            <FilterSelect
              id={ids.status}
              label={t.status}
              allText={t.all}
              value={query.status}
              options={STATUS_OPTIONS}
              onChange={(status) => filter({ status: status as ServiceListQuery['status'] })}
            />
            <CreateButton readOnly={readOnly} text={t.create} kind="services" />
          </>
        }
      >
        <ListAlert message={actionError ?? (state.loading ? null : state.error)} />
        {page && (
          <PagedResults page={page} text={t} columns={t.columns} onPage={toPage}>
            {page.items.map((item) => (
              <tr key={item.id}>
                <td>{item.name}</td>
                <td>{SERVICE_KIND_LABELS[item.kind]}</td>
                <td>{formatVnd(item.price)}</td>
                <td>{t.minutes(item.durationMinutes)}</td>
                <td>{item.checklistCount}</td>
                <td>{item.isActive ? t.statuses.active : t.statuses.archived}</td>
                <td>
                  <RowActions name={item.name} isActive={item.isActive} readOnly={readOnly} kind="services" id={item.id} onToggle={() => void toggle(item)} />
                </td>
              </tr>
            ))}
          </PagedResults>
        )}
      </SearchedList>
    </>
  );
}
