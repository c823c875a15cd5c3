import { useCallback, useId, useState, type FormEvent } from 'react';
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, type ProductStatus } from 'shared-contracts/backoffice';
import { useAsync } from '../hooks/useAsync';
import { catalogueAdminApi, type ProductListQuery } from './catalogueAdminApi';
import { catalogueText as t, formatDateTime, formatVnd } from './catalogueAdminText';
import { ProductCsvExport, ProductCsvImport } from './ProductCsvImport';
import { ProductEditor } from './ProductEditor';
import styles from './CatalogueAdmin.module.css';

export const CATALOGUE_PAGE_SIZE = 25;

const readOptions = (signal: AbortSignal) => catalogueAdminApi.options(signal);

/** Which product the editor shows: a new one, or one by id. */
type Editing = { kind: 'new' } | { kind: 'product'; id: number } | null;

/**
 * The product catalogue (shop-operations.md §2): the list searched without diacritics and filtered by status,
 * category and brand, a page at a time; the editor opens below it. Read-only for a manager.
 */
export function ProductCatalogue({ readOnly }: { readOnly: boolean }) {
  const ids = { search: useId(), status: useId(), category: useId(), brand: useId() };
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<ProductListQuery>({ q: '', status: '', categoryId: '', brandId: '', page: 1, pageSize: CATALOGUE_PAGE_SIZE });
  const [editing, setEditing] = useState<Editing>(null);
  // One editor per opening: a new product that is saved stays in the same editor (its "Đã tạo" notice with it).
  const [opening, setOpening] = useState(0);
  const open = (next: Editing) => {
    setOpening((count) => count + 1);
    setEditing(next);
  };
  const options = useAsync(readOptions, {}).state.data;
  const readPage = useCallback((signal: AbortSignal) => catalogueAdminApi.list(query, signal), [query]);
  const { state, reload } = useAsync(readPage, { failedText: t.loadFailed, start: 'keep' });
  const page = state.data;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery((current) => ({ ...current, q: typed.trim(), page: 1 }));
  };

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
            <select
              id={ids.status}
              className={styles.select}
              value={query.status}
              onChange={(event) => setQuery((current) => ({ ...current, status: event.target.value as ProductStatus | '', page: 1 }))}
            >
              <option value="">{t.all}</option>
              {PRODUCT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {PRODUCT_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.category}>{t.category}</label>
            <select
              id={ids.category}
              className={styles.select}
              value={query.categoryId}
              onChange={(event) => setQuery((current) => ({ ...current, categoryId: event.target.value ? Number(event.target.value) : '', page: 1 }))}
            >
              <option value="">{t.all}</option>
              {options?.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.brand}>{t.brand}</label>
            <select
              id={ids.brand}
              className={styles.select}
              value={query.brandId}
              onChange={(event) => setQuery((current) => ({ ...current, brandId: event.target.value ? Number(event.target.value) : '', page: 1 }))}
            >
              <option value="">{t.all}</option>
              {options?.brands.map((brand) => (
                <option key={brand.id} value={brand.id}>
                  {brand.name}
                </option>
              ))}
            </select>
          </div>
          {!readOnly && (
            <button type="button" className={styles.primary} onClick={() => open({ kind: 'new' })}>
              {t.create}
            </button>
          )}
          <ProductCsvExport />
        </form>
        {state.error && !state.loading && (
          <p className={styles.alert} role="alert">
            {state.error}
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
                      <th scope="col">{t.columns.name}</th>
                      <th scope="col">{t.columns.sku}</th>
                      <th scope="col">{t.columns.category}</th>
                      <th scope="col">{t.columns.price}</th>
                      <th scope="col">{t.columns.status}</th>
                      <th scope="col">{t.columns.updated}</th>
                      <th scope="col">{t.columns.actions}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.items.map((item) => (
                      <tr key={item.id}>
                        <td>
                          {item.imageUrl && <img className={styles.thumb} src={item.imageUrl} alt="" />} {item.name}
                        </td>
                        <td>{item.sku}</td>
                        <td>
                          {item.categoryName} · {item.brandName}
                        </td>
                        <td>{formatVnd(item.price)}</td>
                        <td>{PRODUCT_STATUS_LABELS[item.status]}</td>
                        <td>{formatDateTime(item.updatedAt)}</td>
                        <td>
                          <button type="button" className={styles.secondary} onClick={() => open({ kind: 'product', id: item.id })} aria-label={`${readOnly ? t.view : t.edit} ${item.name}`}>
                            {readOnly ? t.view : t.edit}
                          </button>
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
      {!readOnly && <ProductCsvImport onImported={reload} />}
      {editing && options && (
        <ProductEditor
          key={opening}
          productId={editing.kind === 'new' ? null : editing.id}
          options={options}
          readOnly={readOnly}
          onSaved={(product) => {
            setEditing({ kind: 'product', id: product.id });
            reload();
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
