import { useState, type FormEvent, type ReactNode } from 'react';
import styles from './CatalogueAdmin.module.css';

/** Which item the editor below a list shows, and a new editor per opening (a saved new item stays in the same editor). */
export function useEditorOpening<Editing>() {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [opening, setOpening] = useState(0);
  const open = (next: Editing) => {
    setOpening((count) => count + 1);
    setEditing(next);
  };
  return { editing, setEditing, opening, open };
}

/** A searched list's query: the typed search applies on submit; a filter or a search goes back to page 1. */
export function useListQuery<Query extends { q: string; page: number }>(initial: Query) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<Query>(initial);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery((current) => ({ ...current, q: typed.trim(), page: 1 }));
  };
  const filter = (change: Partial<Query>) => setQuery((current) => ({ ...current, ...change, page: 1 }));
  const toPage = (page: number) => setQuery((current) => ({ ...current, page }));
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

/** A list without filters: the reader's notice, or the admin's "Thêm …" button. */
export function CreateBar({ readOnly, readOnlyText, createText, onCreate }: { readOnly: boolean; readOnlyText: string; createText: string; onCreate: () => void }) {
  if (readOnly) return <p className={styles.hint}>{readOnlyText}</p>;
  return (
    <div className={styles.toolbar}>
      <button type="button" className={styles.primary} onClick={onCreate}>
        {createText}
      </button>
    </div>
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

/** The admin's "Thêm …" button of a list (none for a reader). */
export function CreateButton({ readOnly, text, onCreate }: { readOnly: boolean; text: string; onCreate: () => void }) {
  if (readOnly) return null;
  return (
    <button type="button" className={styles.primary} onClick={onCreate}>
      {text}
    </button>
  );
}
