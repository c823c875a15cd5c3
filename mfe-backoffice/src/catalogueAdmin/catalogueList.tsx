import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { catalogueItemPath, useCatalogueBase, type CatalogueKind } from './catalogueLinks';
import styles from './CatalogueAdmin.module.css';

/** A list's query read from the page's URL: a number where the default is one or the text is all digits. */
function queryFrom<Query extends Record<string, unknown>>(params: URLSearchParams, defaults: Query): Query {
  const query: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const text = params.get(key);
    if (text === null) continue;
    if (typeof defaults[key] === 'number' || (key !== 'q' && /^\d{1,9}$/.test(text))) {
      const value = Number(text);
      if (Number.isSafeInteger(value) && value > 0) query[key] = value;
    } else {
      query[key] = text.slice(0, 100);
    }
  }
  return query as Query;
}

/**
 * A searched list's query, kept in the page's URL (`?tab=products&q=…&status=…&page=2`) so the back link of an item's
 * page, a reload and a shared link show the same list: the typed search applies on submit; a filter or a search goes
 * back to page 1. Values equal to the defaults stay out of the URL.
 */
export function useListQuery<Query extends { q: string; page: number }>(defaults: Query) {
  const [params, setParams] = useSearchParams();
  const fixed = useRef(defaults).current;
  const query = useMemo(() => queryFrom(params, fixed), [params, fixed]);
  const [typed, setTyped] = useState(query.q);
  const apply = (next: Query) =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        for (const key of Object.keys(fixed) as (keyof Query & string)[]) {
          if (next[key] === fixed[key] || next[key] === '' || next[key] === undefined) after.delete(key);
          else after.set(key, String(next[key]));
        }
        return after;
      },
      { replace: true },
    );
  const search = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...query, q: typed.trim(), page: 1 });
  };
  const filter = (change: Partial<Query>) => apply({ ...query, ...change, page: 1 });
  const toPage = (page: number) => apply({ ...query, page });
  return { typed, setTyped, query, search, filter, toPage };
}

/** A list's failure (a load or an action), announced. */
export function ListAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className={styles.alert} role="alert">
      {message}
    </p>
  );
}

/** The search box of a list's filters and its submit button (the form around them searches). */
export function SearchBox({ id, label, button, value, onChange }: { id: string; label: string; button: string; value: string; onChange: (value: string) => void }) {
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={id}>{label}</label>
        <input id={id} className={styles.input} type="search" value={value} onChange={(event) => onChange(event.target.value)} />
      </div>
      <button type="submit" className={styles.secondary}>
        {button}
      </button>
    </>
  );
}

/** A filter of a list: "Tất cả" ('') then the choices. */
export function FilterSelect({ id, label, allText, value, options, onChange }: { id: string; label: string; allText: string; value: string | number; options: readonly { value: string | number; label: string }[]; onChange: (value: string) => void }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allText}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A list's table: the column heads, then the rows given. */
export function ListTable({ columns, children }: { columns: Record<string, string>; children: ReactNode }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {Object.values(columns).map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export interface PagedText {
  listTitle: string;
  empty: string;
  total: (count: number) => string;
  page: (page: number, pages: number) => string;
  previous: string;
  next: string;
}

/** A page of a searched list: the total, the table (or the empty text) and the pager. */
export function PagedResults({ page, text: t, columns, onPage, children }: { page: { total: number; page: number; totalPages: number; items: readonly unknown[] }; text: PagedText; columns: Record<string, string>; onPage: (page: number) => void; children: ReactNode }) {
  return (
    <>
      <p className={styles.hint} aria-live="polite">
        {t.total(page.total)}
      </p>
      {page.items.length === 0 ? <p>{t.empty}</p> : <ListTable columns={columns}>{children}</ListTable>}
      <nav className={styles.pager} aria-label={t.listTitle}>
        <button type="button" className={styles.secondary} disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
          {t.previous}
        </button>
        <span>{t.page(page.page, page.totalPages)}</span>
        <button type="button" className={styles.secondary} disabled={page.page >= page.totalPages} onClick={() => onPage(page.page + 1)}>
          {t.next}
        </button>
      </nav>
    </>
  );
}

/** A searched list: the reader's notice, then the titled panel with the filters' form (searching on submit) and the results. */
export function SearchedList({ id, title, readOnly, readOnlyText, onSearch, filters, children }: { id: string; title: string; readOnly: boolean; readOnlyText: string; onSearch: (event: FormEvent) => void; filters: ReactNode; children: ReactNode }) {
  return (
    <>
      {readOnly && <p className={styles.hint}>{readOnlyText}</p>}
      <section className={styles.panel} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{title}</h2>
        <form className={styles.toolbar} role="search" onSubmit={onSearch}>
          {filters}
        </form>
        {children}
      </section>
    </>
  );
}

/** Where an item's page sends its back link: the list as it was (its tab and filters). */
export interface FromList {
  from: string;
}

/** The admin's "Thêm …" link of a list (none for a reader): the new item's page. */
export function CreateButton({ readOnly, text, kind }: { readOnly: boolean; text: string; kind: CatalogueKind }) {
  const base = useCatalogueBase();
  const { pathname, search } = useLocation();
  if (readOnly) return null;
  return (
    <Link className={styles.primary} to={catalogueItemPath(base, kind, 'new')} state={{ from: `${pathname}${search}` } satisfies FromList}>
      {text}
    </Link>
  );
}

/** A row's link to its item's page ("Sửa", or "Xem" for a reader), named for the item; a link, so it opens in a new tab too. */
export function ItemLink({ kind, id, name, text }: { kind: CatalogueKind; id: number; name: string; text: string }) {
  const base = useCatalogueBase();
  const { pathname, search } = useLocation();
  return (
    <Link className={styles.secondary} to={catalogueItemPath(base, kind, id)} state={{ from: `${pathname}${search}` } satisfies FromList} aria-label={`${text} ${name}`}>
      {text}
    </Link>
  );
}
