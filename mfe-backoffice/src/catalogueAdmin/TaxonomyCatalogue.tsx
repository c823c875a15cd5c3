import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, errorDataOf, foldedWords, foldVietnamese } from 'shared-contracts';
import type { BrandAdmin, CategoryAdmin } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { useAsync } from '../hooks/useAsync';
import { promotionAdminApi, type BrandFormValues, type CategoryFormValues, type PromotionGroupValue } from './promotionAdminApi';
import { FilterSelect, SearchBox, useListQuery } from './catalogueList';
import { catalogueItemText } from './catalogueItemText';
import { Options } from './editorForm';
import { PROMOTION_GROUP_TEXT } from './promotionAdminText';
import styles from './CatalogueAdmin.module.css';

const text = {
  categories: 'Danh mục (hai cấp)',
  brands: 'Thương hiệu',
  loadFailed: 'Không tải được danh mục và thương hiệu.',
  name: 'Tên',
  parent: 'Danh mục cha',
  topLevel: '— Cấp 1 —',
  promoGroup: 'Nhóm khuyến mãi',
  country: 'Quốc gia',
  active: 'Đang hoạt động',
  inactive: 'Ngừng hoạt động',
  products: 'Sản phẩm',
  status: 'Trạng thái',
  actions: 'Thao tác',
  edit: 'Sửa',
  remove: 'Xóa',
  save: 'Lưu',
  cancel: 'Hủy',
  addCategory: 'Thêm danh mục',
  addBrand: 'Thêm thương hiệu',
  stale: 'Mục này vừa được người khác cập nhật; dữ liệu hiện tại đã được tải, nội dung bạn nhập vẫn được giữ. Bấm Lưu để ghi lại.',
  search: 'Tìm danh mục hoặc thương hiệu',
  filters: 'Lọc danh mục và thương hiệu',
};

interface TaxonomyQuery {
  q: string;
  status: '' | 'active' | 'inactive';
  page: number;
}

const STATUS_OPTIONS = [
  { value: 'active', label: text.active },
  { value: 'inactive', label: text.inactive },
];

/** Whether a category or brand matches the search (its name, without diacritics) and the status filter. */
function matches(item: { name: string; isActive: boolean }, query: TaxonomyQuery): boolean {
  if (query.status !== '' && item.isActive !== (query.status === 'active')) return false;
  const name = foldVietnamese(item.name);
  return foldedWords(query.q).every((word) => name.includes(word));
}

const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? Object.fromEntries(error.errors.map((entry) => [entry.field.split('.')[0]!, entry.message])) : {};

type Editing<T> = { id: number | null; version: number | null; values: T };

/** One form for a category or a brand (create, or save from its version); 409 keeps what was typed. */
function useEditor<T>(save: (id: number | null, version: number | null, values: T) => Promise<{ id: number; version: number }>, onDone: () => void) {
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    setErrors({});
    setMessage(null);
    try {
      await save(editing.id, editing.version, editing.values);
      setEditing(null);
      onDone();
    } catch (error) {
      const current = errorDataOf(error)?.current as { version?: number } | undefined;
      if (error instanceof ApiError && error.status === 409 && typeof current?.version === 'number') {
        setEditing({ ...editing, version: current.version });
        setMessage(text.stale);
        onDone();
      } else {
        setErrors(fieldErrors(error));
        setMessage(messageOf(error, text.loadFailed));
      }
    }
  }
  return { editing, setEditing, errors, message, setMessage, submit };
}

interface TaxonomyItem {
  id: number;
  version: number;
  name: string;
  productCount: number;
  isActive: boolean;
}

interface SectionProps<Item extends TaxonomyItem, Values extends { name: string; isActive: boolean }> {
  /** The heading's id; the form's inputs' ids start with it too. */
  idBase: string;
  title: string;
  addLabel: string;
  readOnly: boolean;
  items: Item[];
  /** The name cell (default: the name). */
  nameOf?: (item: Item) => string;
  /** The column between the name and the product count. */
  column: { label: string; cell: (item: Item) => ReactNode };
  /** After the edit button (a row's other actions). */
  actions?: (item: Item) => ReactNode;
  empty: Values;
  valuesOf: (item: Item) => Values;
  save: (id: number | null, version: number | null, values: Values) => Promise<{ id: number; version: number }>;
  onDone: () => void;
  /** The form's fields between the name and the active switch. */
  fields: (form: {
    editing: Editing<Values>;
    set: <K extends keyof Values>(key: K, value: Values[K]) => void;
    fieldId: (name: string) => string;
    errorLine: (field: string) => ReactNode;
  }) => ReactNode;
}

/** One kind of the taxonomy (categories or brands): its table, and the form that creates or edits one. */
function TaxonomySection<Item extends TaxonomyItem, Values extends { name: string; isActive: boolean }>({
  idBase,
  title,
  addLabel,
  readOnly,
  items,
  nameOf = (item) => item.name,
  column,
  actions,
  empty,
  valuesOf,
  save,
  onDone,
  fields,
}: SectionProps<Item, Values>) {
  const editor = useEditor<Values>(save, onDone);
  const editing = editor.editing;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    if (editing) editor.setEditing({ ...editing, values: { ...editing.values, [key]: value } });
  };
  const fieldId = (name: string) => `${idBase}-${name}`;
  // a form opened (new or "Sửa"): its name field focused, so the form below the table is in view
  const nameRef = useRef<HTMLInputElement>(null);
  const open = editing !== null;
  const editingId = editing?.id;
  useEffect(() => {
    if (open) nameRef.current?.focus();
  }, [open, editingId]);
  const errorLine = (field: string) => (editor.errors[field] ? <p className={styles.fieldError}>{editor.errors[field]}</p> : null);

  return (
    <section className={styles.panel} aria-labelledby={idBase}>
      <h2 id={idBase}>{title}</h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{text.name}</th>
              <th scope="col">{column.label}</th>
              <th scope="col">{text.products}</th>
              <th scope="col">{text.status}</th>
              {!readOnly && <th scope="col">{text.actions}</th>}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{nameOf(item)}</td>
                <td>{column.cell(item)}</td>
                <td>{item.productCount.toLocaleString('vi-VN')}</td>
                <td>{item.isActive ? text.active : text.inactive}</td>
                {!readOnly && (
                  <td>
                    <button type="button" className={styles.secondary} aria-label={`${text.edit} ${item.name}`} onClick={() => editor.setEditing({ id: item.id, version: item.version, values: valuesOf(item) })}>
                      {text.edit}
                    </button>
                    {actions && (
                      <>
                        {' '}
                        {actions(item)}
                      </>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!readOnly && !editing && (
        <button type="button" className={styles.primary} onClick={() => editor.setEditing({ id: null, version: null, values: empty })}>
          {addLabel}
        </button>
      )}
      {editing && (
        <form onSubmit={(event) => void editor.submit(event)} noValidate aria-label={addLabel}>
          {editor.message && (
            <p className={styles.alert} role="alert">
              {editor.message}
            </p>
          )}
          <div className={styles.fields}>
            <div className={styles.field}>
              <label htmlFor={fieldId('name')}>{text.name}</label>
              <input ref={nameRef} id={fieldId('name')} className={styles.input} value={editing.values.name} onChange={(event) => set('name', event.target.value)} />
              {errorLine('name')}
            </div>
            {fields({ editing, set, fieldId, errorLine })}
            <div className={styles.field}>
              <label>
                <input type="checkbox" checked={editing.values.isActive} onChange={(event) => set('isActive', event.target.checked)} /> {text.active}
              </label>
            </div>
          </div>
          <div className={styles.buttons}>
            <button type="submit" className={styles.primary}>
              {text.save}
            </button>
            <button type="button" className={styles.secondary} onClick={() => editor.setEditing(null)}>
              {text.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

const EMPTY_CATEGORY: CategoryFormValues = { name: '', parentId: null, description: '', promoGroup: 'parts', sortOrder: 0, isActive: true };
const EMPTY_BRAND: BrandFormValues = { name: '', country: '', isActive: true };
const categoryValuesOf = (item: CategoryAdmin): CategoryFormValues => ({ name: item.name, parentId: item.parentId, description: item.description, promoGroup: item.promoGroup, sortOrder: item.sortOrder, isActive: item.isActive });
const brandValuesOf = (item: BrandAdmin): BrandFormValues => ({ name: item.name, country: item.country, isActive: item.isActive });
const saveCategory = (categoryId: number | null, version: number | null, values: CategoryFormValues) =>
  categoryId === null || version === null ? promotionAdminApi.createCategory(values) : promotionAdminApi.saveCategory(categoryId, version, values);
const saveBrand = (brandId: number | null, version: number | null, values: BrandFormValues) =>
  brandId === null || version === null ? promotionAdminApi.createBrand(values) : promotionAdminApi.saveBrand(brandId, version, values);

const readTaxonomy = (signal: AbortSignal) => Promise.all([promotionAdminApi.categories(signal), promotionAdminApi.brands(signal)]);
const NO_TAXONOMY: [CategoryAdmin[], BrandAdmin[]] = [[], []];

/** Categories (a parent and its children) and brands: create, rename, deactivate; an empty category can be deleted. */
export function TaxonomyCatalogue({ readOnly }: { readOnly: boolean }) {
  const id = useId();
  // the lists stay on screen while they are read again (after a save or a delete)
  const { state, reload } = useAsync(readTaxonomy, { failedText: text.loadFailed, start: 'keep' });
  const [categories, brands] = state.data ?? NO_TAXONOMY;
  const [removeError, setRemoveError] = useState<string | null>(null);
  const error = removeError ?? state.error;
  const refresh = useCallback(() => reload(), [reload]);

  async function remove(item: CategoryAdmin) {
    setRemoveError(null);
    try {
      await promotionAdminApi.deleteCategory(item.id);
    } catch (failure) {
      setRemoveError(messageOf(failure, text.loadFailed));
    }
    refresh();
  }

  const parents = categories.filter((item) => item.parentId === null);
  const { typed, setTyped, query, search, filter } = useListQuery<TaxonomyQuery>({ q: '', status: '', page: 1 });

  return (
    <>
      <form className={styles.toolbar} role="search" aria-label={text.filters} onSubmit={search}>
        <SearchBox id={`${id}-search`} label={text.search} button={catalogueItemText.searchButton} value={typed} onChange={setTyped} />
        <FilterSelect id={`${id}-status`} label={text.status} allText={catalogueItemText.all} value={query.status} options={STATUS_OPTIONS} onChange={(status) => filter({ status: status as TaxonomyQuery['status'] })} />
      </form>
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
      <TaxonomySection
        idBase={`${id}-categories`}
        title={text.categories}
        addLabel={text.addCategory}
        readOnly={readOnly}
        items={categories.filter((item) => matches(item, query))}
        nameOf={(item) => (item.parentId === null ? item.name : `↳ ${item.name}`)}
        column={{ label: text.promoGroup, cell: (item) => PROMOTION_GROUP_TEXT[item.promoGroup] }}
        actions={(item) =>
          item.productCount === 0 && (
            <button type="button" className={styles.danger} aria-label={`${text.remove} ${item.name}`} onClick={() => void remove(item)}>
              {text.remove}
            </button>
          )
        }
        empty={EMPTY_CATEGORY}
        valuesOf={categoryValuesOf}
        save={saveCategory}
        onDone={refresh}
        fields={({ editing, set, fieldId, errorLine }) => (
          <>
            <div className={styles.field}>
              <label htmlFor={fieldId('parent')}>{text.parent}</label>
              <select id={fieldId('parent')} className={styles.select} value={editing.values.parentId ?? ''} onChange={(event) => set('parentId', event.target.value ? Number(event.target.value) : null)}>
                <option value="">{text.topLevel}</option>
                <Options entries={parents.filter((parent) => parent.id !== editing.id).map((parent) => [parent.id, parent.name] as const)} />
              </select>
              {errorLine('parentId')}
            </div>
            <div className={styles.field}>
              <label htmlFor={fieldId('group')}>{text.promoGroup}</label>
              <select id={fieldId('group')} className={styles.select} value={editing.values.promoGroup} onChange={(event) => set('promoGroup', event.target.value as PromotionGroupValue)}>
                <Options entries={Object.entries(PROMOTION_GROUP_TEXT)} />
              </select>
            </div>
          </>
        )}
      />
      <TaxonomySection
        idBase={`${id}-brands`}
        title={text.brands}
        addLabel={text.addBrand}
        readOnly={readOnly}
        items={brands.filter((item) => matches(item, query))}
        column={{ label: text.country, cell: (item) => item.country }}
        empty={EMPTY_BRAND}
        valuesOf={brandValuesOf}
        save={saveBrand}
        onDone={refresh}
        fields={({ editing, set, fieldId, errorLine }) => (
          <div className={styles.field}>
            <label htmlFor={fieldId('country')}>{text.country}</label>
            <input id={fieldId('country')} className={styles.input} value={editing.values.country} onChange={(event) => set('country', event.target.value)} />
            {errorLine('country')}
          </div>
        )}
      />
    </>
  );
}
