import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, errorDataOf } from 'shared-contracts';
import type { BrandAdmin, CategoryAdmin } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { promotionAdminApi, type BrandFormValues, type CategoryFormValues, type PromotionGroupValue } from './promotionAdminApi';
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
};

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

/** Categories (a parent and its children) and brands: create, rename, deactivate; an empty category can be deleted. */
export function TaxonomyCatalogue({ readOnly }: { readOnly: boolean }) {
  const id = useId();
  const [categories, setCategories] = useState<CategoryAdmin[]>([]);
  const [brands, setBrands] = useState<BrandAdmin[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const refresh = () => setReload((count) => count + 1);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([promotionAdminApi.categories(controller.signal), promotionAdminApi.brands(controller.signal)]).then(
      ([loadedCategories, loadedBrands]) => {
        setCategories(loadedCategories);
        setBrands(loadedBrands);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(failure, text.loadFailed));
      },
    );
    return () => controller.abort();
  }, [reload]);

  const category = useEditor<CategoryFormValues>(
    (categoryId, version, values) => (categoryId === null || version === null ? promotionAdminApi.createCategory(values) : promotionAdminApi.saveCategory(categoryId, version, values)),
    refresh,
  );
  const brand = useEditor<BrandFormValues>(
    (brandId, version, values) => (brandId === null || version === null ? promotionAdminApi.createBrand(values) : promotionAdminApi.saveBrand(brandId, version, values)),
    refresh,
  );

  async function remove(item: CategoryAdmin) {
    setError(null);
    try {
      await promotionAdminApi.deleteCategory(item.id);
    } catch (failure) {
      setError(messageOf(failure, text.loadFailed));
    }
    refresh();
  }

  const parents = categories.filter((item) => item.parentId === null);
  const ce = category.editing;
  const be = brand.editing;
  const setCategoryValue = <K extends keyof CategoryFormValues>(key: K, value: CategoryFormValues[K]) => ce && category.setEditing({ ...ce, values: { ...ce.values, [key]: value } });
  const setBrandValue = <K extends keyof BrandFormValues>(key: K, value: BrandFormValues[K]) => be && brand.setEditing({ ...be, values: { ...be.values, [key]: value } });
  const errorLine = (errors: Record<string, string>, field: string) => (errors[field] ? <p className={styles.fieldError}>{errors[field]}</p> : null);

  return (
    <>
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
      <section className={styles.panel} aria-labelledby={`${id}-categories`}>
        <h2 id={`${id}-categories`}>{text.categories}</h2>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{text.name}</th>
                <th scope="col">{text.promoGroup}</th>
                <th scope="col">{text.products}</th>
                <th scope="col">{text.status}</th>
                {!readOnly && <th scope="col">{text.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {categories.map((item) => (
                <tr key={item.id}>
                  <td>{item.parentId === null ? item.name : `↳ ${item.name}`}</td>
                  <td>{PROMOTION_GROUP_TEXT[item.promoGroup]}</td>
                  <td>{item.productCount.toLocaleString('vi-VN')}</td>
                  <td>{item.isActive ? text.active : text.inactive}</td>
                  {!readOnly && (
                    <td>
                      <button
                        type="button"
                        className={styles.secondary}
                        aria-label={`${text.edit} ${item.name}`}
                        onClick={() => category.setEditing({ id: item.id, version: item.version, values: { name: item.name, parentId: item.parentId, description: item.description, promoGroup: item.promoGroup, sortOrder: item.sortOrder, isActive: item.isActive } })}
                      >
                        {text.edit}
                      </button>{' '}
                      {item.productCount === 0 && (
                        <button type="button" className={styles.danger} aria-label={`${text.remove} ${item.name}`} onClick={() => void remove(item)}>
                          {text.remove}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {!readOnly && !ce && (
          <button type="button" className={styles.primary} onClick={() => category.setEditing({ id: null, version: null, values: { name: '', parentId: null, description: '', promoGroup: 'parts', sortOrder: 0, isActive: true } })}>
            {text.addCategory}
          </button>
        )}
        {ce && (
          <form onSubmit={(event) => void category.submit(event)} noValidate aria-label={text.addCategory}>
            {category.message && (
              <p className={styles.alert} role="alert">
                {category.message}
              </p>
            )}
            <div className={styles.fields}>
              <div className={styles.field}>
                <label htmlFor={`${id}-cname`}>{text.name}</label>
                <input id={`${id}-cname`} className={styles.input} value={ce.values.name} onChange={(event) => setCategoryValue('name', event.target.value)} />
                {errorLine(category.errors, 'name')}
              </div>
              <div className={styles.field}>
                <label htmlFor={`${id}-cparent`}>{text.parent}</label>
                <select id={`${id}-cparent`} className={styles.select} value={ce.values.parentId ?? ''} onChange={(event) => setCategoryValue('parentId', event.target.value ? Number(event.target.value) : null)}>
                  <option value="">{text.topLevel}</option>
                  {parents
                    .filter((parent) => parent.id !== ce.id)
                    .map((parent) => (
                      <option key={parent.id} value={parent.id}>
                        {parent.name}
                      </option>
                    ))}
                </select>
                {errorLine(category.errors, 'parentId')}
              </div>
              <div className={styles.field}>
                <label htmlFor={`${id}-cgroup`}>{text.promoGroup}</label>
                <select id={`${id}-cgroup`} className={styles.select} value={ce.values.promoGroup} onChange={(event) => setCategoryValue('promoGroup', event.target.value as PromotionGroupValue)}>
                  {Object.entries(PROMOTION_GROUP_TEXT).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              <div className={styles.field}>
                <label>
                  <input type="checkbox" checked={ce.values.isActive} onChange={(event) => setCategoryValue('isActive', event.target.checked)} /> {text.active}
                </label>
              </div>
            </div>
            <div className={styles.buttons}>
              <button type="submit" className={styles.primary}>
                {text.save}
              </button>
              <button type="button" className={styles.secondary} onClick={() => category.setEditing(null)}>
                {text.cancel}
              </button>
            </div>
          </form>
        )}
      </section>
      <section className={styles.panel} aria-labelledby={`${id}-brands`}>
        <h2 id={`${id}-brands`}>{text.brands}</h2>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{text.name}</th>
                <th scope="col">{text.country}</th>
                <th scope="col">{text.products}</th>
                <th scope="col">{text.status}</th>
                {!readOnly && <th scope="col">{text.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {brands.map((item) => (
                <tr key={item.id}>
                  <td>{item.name}</td>
                  <td>{item.country}</td>
                  <td>{item.productCount.toLocaleString('vi-VN')}</td>
                  <td>{item.isActive ? text.active : text.inactive}</td>
                  {!readOnly && (
                    <td>
                      <button type="button" className={styles.secondary} aria-label={`${text.edit} ${item.name}`} onClick={() => brand.setEditing({ id: item.id, version: item.version, values: { name: item.name, country: item.country, isActive: item.isActive } })}>
                        {text.edit}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {!readOnly && !be && (
          <button type="button" className={styles.primary} onClick={() => brand.setEditing({ id: null, version: null, values: { name: '', country: '', isActive: true } })}>
            {text.addBrand}
          </button>
        )}
        {be && (
          <form onSubmit={(event) => void brand.submit(event)} noValidate aria-label={text.addBrand}>
            {brand.message && (
              <p className={styles.alert} role="alert">
                {brand.message}
              </p>
            )}
            <div className={styles.fields}>
              <div className={styles.field}>
                <label htmlFor={`${id}-bname`}>{text.name}</label>
                <input id={`${id}-bname`} className={styles.input} value={be.values.name} onChange={(event) => setBrandValue('name', event.target.value)} />
                {errorLine(brand.errors, 'name')}
              </div>
              <div className={styles.field}>
                <label htmlFor={`${id}-bcountry`}>{text.country}</label>
                <input id={`${id}-bcountry`} className={styles.input} value={be.values.country} onChange={(event) => setBrandValue('country', event.target.value)} />
                {errorLine(brand.errors, 'country')}
              </div>
              <div className={styles.field}>
                <label>
                  <input type="checkbox" checked={be.values.isActive} onChange={(event) => setBrandValue('isActive', event.target.checked)} /> {text.active}
                </label>
              </div>
            </div>
            <div className={styles.buttons}>
              <button type="submit" className={styles.primary}>
                {text.save}
              </button>
              <button type="button" className={styles.secondary} onClick={() => brand.setEditing(null)}>
                {text.cancel}
              </button>
            </div>
          </form>
        )}
      </section>
    </>
  );
}
