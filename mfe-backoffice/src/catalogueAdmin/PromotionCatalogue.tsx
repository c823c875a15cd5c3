import { useCallback, useId } from 'react';
import { PROMOTION_ADMIN_STATUSES, promotionAdminStatus } from 'shared-contracts/backoffice';
import type { PromotionAdmin } from 'shared-contracts/schemas';
import { useAsync } from '../hooks/useAsync';
import { formatVnd } from './catalogueAdminText';
import { catalogueItemText } from './catalogueItemText';
import { promotionAdminApi, type PromotionListQuery } from './promotionAdminApi';
import { formatDay, PROMOTION_TYPE_TEXT, promotionText as t } from './promotionAdminText';
import { CreateButton, FilterSelect, ListAlert, ListTable, SearchBox, SearchedList, useListQuery } from './catalogueList';
import { RowActions, useActiveToggle } from './serviceFormParts';
import styles from './CatalogueAdmin.module.css';

const TOGGLE_TEXT = { off: t.pause, on: t.resume };
const STATUS_OPTIONS = PROMOTION_ADMIN_STATUSES.map((status) => ({ value: status, label: catalogueItemText.promotionStatus[status] }));

/**
 * The promotions: every one (paused and ended too) with its used count, searched by code or title and filtered by
 * where it stands now (running, scheduled, ended, paused), the query kept in the URL; the admin pauses and resumes
 * here, and each promotion's form is its own page.
 */
export function PromotionCatalogue({ readOnly }: { readOnly: boolean }) {
  const ids = { search: useId(), status: useId() };
  const { typed, setTyped, query, search, filter } = useListQuery<PromotionListQuery>({ q: '', status: '', page: 1 });
  const read = useCallback((signal: AbortSignal) => promotionAdminApi.list(query, signal), [query]);
  const { state, reload } = useAsync(read, { failedText: t.loadFailed, start: 'keep' });
  const { error: actionError, toggle } = useActiveToggle<PromotionAdmin>(promotionAdminApi.setActive, reload, t.loadFailed);
  const items = state.data;
  const filtered = query.q !== '' || query.status !== '';

  const valueOf = (promotion: PromotionAdmin) => (promotion.type === 'percentage' ? `${promotion.value} %` : formatVnd(promotion.value));

  return (
    <SearchedList
      id={ids.search}
      title={t.listTitle}
      readOnly={readOnly}
      readOnlyText={t.readOnly}
      onSearch={search}
      filters={
        <>
          <SearchBox id={ids.search} label={catalogueItemText.searchPromotions} button={catalogueItemText.searchButton} value={typed} onChange={setTyped} />
          <FilterSelect
            id={ids.status}
            label={catalogueItemText.status}
            allText={catalogueItemText.all}
            value={query.status}
            options={STATUS_OPTIONS}
            onChange={(status) => filter({ status: status as PromotionListQuery['status'] })}
          />
          <CreateButton readOnly={readOnly} text={t.create} kind="promotions" />
        </>
      }
    >
      <ListAlert message={actionError ?? (state.loading ? null : state.error)} />
      {items && (
        <p className={styles.hint} aria-live="polite">
          {catalogueItemText.total(items.length)}
        </p>
      )}
      {items && items.length === 0 && <p>{filtered ? catalogueItemText.noMatch : t.empty}</p>}
      {items && items.length > 0 && (
        <ListTable columns={t.columns}>
          {items.map((promotion) => (
            <tr key={promotion.id}>
              <td>{promotion.code}</td>
              <td>{promotion.title}</td>
              <td>
                {PROMOTION_TYPE_TEXT[promotion.type]}: {valueOf(promotion)}
              </td>
              <td>
                {formatDay(promotion.validFrom)} – {formatDay(promotion.validTo)}
              </td>
              <td>
                {promotion.usedCount.toLocaleString('vi-VN')} / {promotion.usageLimit.toLocaleString('vi-VN')}
              </td>
              <td>{catalogueItemText.promotionStatus[promotionAdminStatus(promotion, Date.now())]}</td>
              <td>
                <RowActions name={promotion.code} isActive={promotion.isActive} readOnly={readOnly} toggleText={TOGGLE_TEXT} kind="promotions" id={promotion.id} onToggle={() => void toggle(promotion)} />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </SearchedList>
  );
}
