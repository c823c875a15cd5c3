import { useCallback, useId } from 'react';
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, type ProductStatus } from 'shared-contracts/backoffice';
import { useAsync } from '../hooks/useAsync';
import { catalogueAdminApi, type ProductListQuery } from './catalogueAdminApi';
import { catalogueText as t, formatDateTime, formatVnd } from './catalogueAdminText';
import { CreateButton, FilterSelect, ItemLink, ListAlert, PagedResults, SearchBox, SearchedList, useListQuery } from './catalogueList';
import { ProductCsvExport, ProductCsvImport } from './ProductCsvImport';
import styles from './CatalogueAdmin.module.css';

export const CATALOGUE_PAGE_SIZE = 25;

const STATUS_OPTIONS = PRODUCT_STATUSES.map((status) => ({ value: status, label: PRODUCT_STATUS_LABELS[status] }));

const readOptions = (signal: AbortSignal) => catalogueAdminApi.options(signal);

/**
 * The product catalogue (shop-operations.md §2): the list searched without diacritics and filtered by status,
 * category and brand, a page at a time (the query kept in the URL); each product's form is its own page. Read-only for a
 * manager.
 */
export function ProductCatalogue({ readOnly }: { readOnly: boolean }) {
  const ids = { search: useId(), status: useId(), category: useId(), brand: useId() };
  const { typed, setTyped, query, search, filter, toPage } = useListQuery<ProductListQuery>({ q: '', status: '', categoryId: '', brandId: '', page: 1, pageSize: CATALOGUE_PAGE_SIZE });
  const options = useAsync(readOptions, {}).state.data;
  const readPage = useCallback((signal: AbortSignal) => catalogueAdminApi.list(query, signal), [query]);
  const { state, reload } = useAsync(readPage, { failedText: t.loadFailed, start: 'keep' });
  const page = state.data;

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
            <FilterSelect id={ids.status} label={t.status} allText={t.all} value={query.status} options={STATUS_OPTIONS} onChange={(status) => filter({ status: status as ProductStatus | '' })} />
            <FilterSelect
              id={ids.category}
              label={t.category}
              allText={t.all}
              value={query.categoryId}
              options={(options?.categories ?? []).map(({ id, name }) => ({ value: id, label: name }))}
              onChange={(value) => filter({ categoryId: value ? Number(value) : '' })}
            />
            <FilterSelect
              id={ids.brand}
              label={t.brand}
              allText={t.all}
              value={query.brandId}
              options={(options?.brands ?? []).map(({ id, name }) => ({ value: id, label: name }))}
              onChange={(value) => filter({ brandId: value ? Number(value) : '' })}
            />
            <CreateButton readOnly={readOnly} text={t.create} kind="products" />
            <ProductCsvExport />
          </>
        }
      >
        <ListAlert message={state.loading ? null : state.error} />
        {page && (
          <PagedResults page={page} text={t} columns={t.columns} onPage={toPage}>
            {page.items.map((item) => (
              <tr key={item.id}>
                <td>
                  <span className={styles.nameCell}>
                    <span className={styles.thumbCell}>{item.imageUrl && <img src={item.imageUrl} alt="" width={48} height={48} loading="lazy" />}</span>
                    <span>{item.name}</span>
                  </span>
                </td>
                <td>{item.sku}</td>
                <td>
                  {item.categoryName} · {item.brandName}
                </td>
                <td>{formatVnd(item.price)}</td>
                <td>{PRODUCT_STATUS_LABELS[item.status]}</td>
                <td>{formatDateTime(item.updatedAt)}</td>
                <td>
                  <ItemLink kind="products" id={item.id} name={item.name} text={readOnly ? t.view : t.edit} />
                </td>
              </tr>
            ))}
          </PagedResults>
        )}
      </SearchedList>
      {!readOnly && <ProductCsvImport onImported={reload} />}
    </>
  );
}
