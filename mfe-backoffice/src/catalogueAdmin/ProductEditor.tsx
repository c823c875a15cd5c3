import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError, errorDataOf } from 'shared-contracts';
import { canMoveProductStatus, PRODUCT_LIMITS, PRODUCT_STATUS_LABELS, VAT_RATES } from 'shared-contracts/backoffice';
import type { ProductAdmin, ProductAdminOptions } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { catalogueAdminApi, EMPTY_FORM, formValuesOf, type ProductFormValues } from './catalogueAdminApi';
import { catalogueText as t, formatVnd } from './catalogueAdminText';
import { ProductHistory } from './ProductHistory';
import styles from './CatalogueAdmin.module.css';

interface Props {
  /** null: a new product. */
  productId: number | null;
  options: ProductAdminOptions;
  readOnly: boolean;
  onSaved: (product: ProductAdmin) => void;
  onClose: () => void;
}

/** The server's field messages by path ('price', 'images.0.alt'); a top-level field also gets its first nested one. */
function errorsByField(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  for (const entry of error.errors) {
    result[entry.field] ??= entry.message;
    const top = entry.field.split('.')[0]!;
    result[top] ??= entry.message;
  }
  return result;
}

const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));
/** An ISO instant → the value of a datetime-local input in Vietnam (UTC+7, no daylight saving). */
const toLocalInput = (iso: string | null) => (iso ? new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 16) : '');
const fromLocalInput = (value: string) => (value ? `${value}:00+07:00` : null);

/**
 * One product's form: every field, with the server's Vietnamese field errors beside each; images uploaded through
 * the server's encoder, ordered (the first is the main one) with their alt text; publish and archive. A save carries
 * the version it was edited from: when another admin saved first (409), the current values are shown and what the
 * user typed stays in the form.
 */
export function ProductEditor({ productId, options, readOnly, onSaved, onClose }: Props) {
  const id = useId();
  const [product, setProduct] = useState<ProductAdmin | null>(null);
  const [values, setValues] = useState<ProductFormValues>(EMPTY_FORM);
  const [version, setVersion] = useState<number | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [current, setCurrent] = useState<ProductAdmin | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [historyKey, setHistoryKey] = useState(0);

  useEffect(() => {
    if (productId === null) return;
    const controller = new AbortController();
    catalogueAdminApi.product(productId, controller.signal).then(
      (loaded) => {
        setProduct(loaded);
        setValues(formValuesOf(loaded));
        setVersion(loaded.version);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(messageOf(error, t.loadFailed));
      },
    );
    return () => controller.abort();
  }, [productId]);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => setValues((before) => ({ ...before, [key]: value }));
  const fieldId = (name: string) => `${id}-${name}`;
  const errorOf = (name: string) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className={styles.fieldError}>
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(name)}-error` } : {});

  async function submit(next: ProductFormValues) {
    setBusy(true);
    setErrors({});
    setMessage(null);
    setDone('');
    try {
      const saved = productId === null || version === null ? await catalogueAdminApi.create(next) : await catalogueAdminApi.save(productId, version, next);
      setProduct(saved);
      setValues(formValuesOf(saved));
      setVersion(saved.version);
      setCurrent(null);
      setDone(productId === null ? t.created : t.saved);
      setHistoryKey((key) => key + 1);
      onSaved(saved);
    } catch (error) {
      const data = errorDataOf(error);
      if (error instanceof ApiError && error.status === 409 && data && typeof data.current === 'object' && data.current !== null) {
        // Another admin saved first: show what is saved now, keep what this user typed, save from the new version.
        const now = data.current as ProductAdmin;
        setCurrent(now);
        setVersion(now.version);
        setMessage(t.stale);
        setHistoryKey((key) => key + 1);
      } else {
        setErrors(errorsByField(error));
        setMessage(messageOf(error, t.loadFailed));
      }
    } finally {
      setBusy(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(values);
  };

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setUploading(true);
    setErrors((before) => ({ ...before, images: '' }));
    try {
      for (const file of files.slice(0, PRODUCT_LIMITS.imagesMax - values.images.length)) {
        const image = await catalogueAdminApi.uploadImage(file);
        setValues((before) => ({ ...before, images: [...before.images, { path: image.path, url: image.url, alt: before.name }] }));
      }
    } catch (error) {
      setErrors((before) => ({ ...before, images: messageOf(error, t.loadFailed) }));
    } finally {
      setUploading(false);
    }
  }

  const moveImage = (from: number, to: number) =>
    setValues((before) => {
      const images = [...before.images];
      const [moved] = images.splice(from, 1);
      images.splice(to, 0, moved!);
      return { ...before, images };
    });

  const title = productId === null ? t.newTitle : t.editTitle(product?.name ?? '');
  if (loadError) {
    return (
      <section className={styles.panel}>
        <p className={styles.alert} role="alert">
          {loadError}
        </p>
      </section>
    );
  }
  if (productId !== null && !product) return <section className={styles.panel} aria-busy="true" />;
  const status = product?.status ?? 'draft';

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {product && (
        <p className={styles.hint}>
          {t.slugNow(product.slug)}
          {product.oldSlugs.length > 0 && ` · ${t.oldSlugs(product.oldSlugs)}`}
        </p>
      )}
      {message && (
        <p className={styles.alert} role="alert">
          {message}
        </p>
      )}
      <p className={styles.done} role="status">
        {done}
      </p>
      {current && (
        <div className={styles.current} aria-label={t.currentValues}>
          <strong>{t.currentValues}</strong>
          <dl>
            <dt>{t.fields.name}</dt>
            <dd>{current.name}</dd>
            <dt>{t.fields.sku}</dt>
            <dd>{current.sku}</dd>
            <dt>{t.fields.price}</dt>
            <dd>{formatVnd(current.price)}</dd>
            <dt>{t.fields.compareAtPrice}</dt>
            <dd>{current.compareAtPrice === null ? t.none : formatVnd(current.compareAtPrice)}</dd>
            <dt>{t.fields.status}</dt>
            <dd>{PRODUCT_STATUS_LABELS[current.status]}</dd>
            <dt>{t.fields.unit}</dt>
            <dd>{current.unit}</dd>
          </dl>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              setProduct(current);
              setValues(formValuesOf(current));
              setCurrent(null);
              setMessage(null);
            }}
          >
            {t.useCurrent}
          </button>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={readOnly || busy} className={styles.fields}>
          <div className={styles.wide}>
            <label htmlFor={fieldId('name')}>{t.fields.name}</label>
            <input id={fieldId('name')} className={styles.input} value={values.name} maxLength={PRODUCT_LIMITS.nameMax + 50} onChange={(event) => set('name', event.target.value)} {...described('name')} />
            {errorOf('name')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('sku')}>{t.fields.sku}</label>
            <input id={fieldId('sku')} className={styles.input} value={values.sku} onChange={(event) => set('sku', event.target.value.toUpperCase())} {...described('sku')} />
            {errorOf('sku')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('categoryId')}>{t.fields.categoryId}</label>
            <select id={fieldId('categoryId')} className={styles.select} value={values.categoryId} onChange={(event) => set('categoryId', event.target.value ? Number(event.target.value) : '')} {...described('categoryId')}>
              <option value="">{t.choose}</option>
              {options.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
            {errorOf('categoryId')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('brandId')}>{t.fields.brandId}</label>
            <select id={fieldId('brandId')} className={styles.select} value={values.brandId} onChange={(event) => set('brandId', event.target.value ? Number(event.target.value) : '')} {...described('brandId')}>
              <option value="">{t.choose}</option>
              {options.brands.map((brand) => (
                <option key={brand.id} value={brand.id}>
                  {brand.name}
                </option>
              ))}
            </select>
            {errorOf('brandId')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('price')}>{t.fields.price} (₫)</label>
            <input id={fieldId('price')} className={styles.input} inputMode="numeric" value={values.price} onChange={(event) => set('price', event.target.value === '' ? '' : Number(event.target.value))} {...described('price')} />
            {errorOf('price')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('compareAtPrice')}>{t.fields.compareAtPrice} (₫)</label>
            <input id={fieldId('compareAtPrice')} className={styles.input} inputMode="numeric" value={values.compareAtPrice ?? ''} onChange={(event) => set('compareAtPrice', numberOrNull(event.target.value))} {...described('compareAtPrice')} />
            {errorOf('compareAtPrice')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('salePrice')}>{t.fields.salePrice} (₫)</label>
            <input id={fieldId('salePrice')} className={styles.input} inputMode="numeric" value={values.salePrice ?? ''} onChange={(event) => set('salePrice', numberOrNull(event.target.value))} {...described('salePrice')} />
            {errorOf('salePrice')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('saleStartsAt')}>{t.fields.saleStartsAt}</label>
            <input id={fieldId('saleStartsAt')} className={styles.input} type="datetime-local" value={toLocalInput(values.saleStartsAt)} onChange={(event) => set('saleStartsAt', fromLocalInput(event.target.value))} {...described('saleStartsAt')} />
            {errorOf('saleStartsAt')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('saleEndsAt')}>{t.fields.saleEndsAt}</label>
            <input id={fieldId('saleEndsAt')} className={styles.input} type="datetime-local" value={toLocalInput(values.saleEndsAt)} onChange={(event) => set('saleEndsAt', fromLocalInput(event.target.value))} {...described('saleEndsAt')} />
            {errorOf('saleEndsAt')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('vatRate')}>{t.fields.vatRate}</label>
            <select id={fieldId('vatRate')} className={styles.select} value={values.vatRate} onChange={(event) => set('vatRate', Number(event.target.value))} {...described('vatRate')}>
              {VAT_RATES.map((rate) => (
                <option key={rate} value={rate}>
                  {rate} %
                </option>
              ))}
            </select>
            {errorOf('vatRate')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('unit')}>{t.fields.unit}</label>
            <input id={fieldId('unit')} className={styles.input} value={values.unit} onChange={(event) => set('unit', event.target.value)} {...described('unit')} />
            {errorOf('unit')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('weightGrams')}>{t.fields.weightGrams} (g)</label>
            <input id={fieldId('weightGrams')} className={styles.input} inputMode="numeric" value={values.weightGrams ?? ''} onChange={(event) => set('weightGrams', numberOrNull(event.target.value))} {...described('weightGrams')} />
            {errorOf('weightGrams')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('warrantyMonths')}>{t.fields.warrantyMonths} (tháng)</label>
            <input id={fieldId('warrantyMonths')} className={styles.input} inputMode="numeric" value={values.warrantyMonths} onChange={(event) => set('warrantyMonths', Number(event.target.value || 0))} {...described('warrantyMonths')} />
            {errorOf('warrantyMonths')}
          </div>
          <div className={styles.wide}>
            <label htmlFor={fieldId('compatibleModels')}>{t.fields.compatibleModels}</label>
            <select
              id={fieldId('compatibleModels')}
              className={styles.select}
              multiple
              size={6}
              value={values.compatibleModels}
              onChange={(event) => set('compatibleModels', [...event.target.selectedOptions].map((option) => option.value))}
              {...described('compatibleModels')}
            >
              {[...new Set([...values.compatibleModels, ...options.vehicleModels])].map((model) => (
                <option key={model} value={model}>
                  {model}
                </option>
              ))}
            </select>
            <p className={styles.hint}>{t.modelsHint}</p>
            {errorOf('compatibleModels')}
          </div>
          <fieldset className={styles.wide}>
            <legend>{t.fields.specifications}</legend>
            {values.specifications.map((spec, index) => (
              <div key={index} className={styles.spec}>
                <div className={styles.field}>
                  <label htmlFor={fieldId(`spec-${index}-label`)}>{t.specLabel}</label>
                  <input
                    id={fieldId(`spec-${index}-label`)}
                    className={styles.input}
                    value={spec.label}
                    onChange={(event) => set('specifications', values.specifications.map((entry, at) => (at === index ? { ...entry, label: event.target.value } : entry)))}
                  />
                  {errorOf(`specifications.${index}.label`)}
                </div>
                <div className={styles.field}>
                  <label htmlFor={fieldId(`spec-${index}-value`)}>{t.specValue}</label>
                  <input
                    id={fieldId(`spec-${index}-value`)}
                    className={styles.input}
                    value={spec.value}
                    onChange={(event) => set('specifications', values.specifications.map((entry, at) => (at === index ? { ...entry, value: event.target.value } : entry)))}
                  />
                  {errorOf(`specifications.${index}.value`)}
                </div>
                <button type="button" className={styles.danger} onClick={() => set('specifications', values.specifications.filter((_, at) => at !== index))}>
                  {t.removeSpec(spec.label)}
                </button>
              </div>
            ))}
            <button type="button" className={styles.secondary} onClick={() => set('specifications', [...values.specifications, { label: '', value: '' }])}>
              {t.addSpec}
            </button>
          </fieldset>
          <div className={styles.wide}>
            <label htmlFor={fieldId('description')}>{t.fields.description}</label>
            <textarea id={fieldId('description')} className={styles.textarea} value={values.description} onChange={(event) => set('description', event.target.value)} {...described('description')} />
            <p className={styles.hint}>
              {t.descriptionHint} ({values.description.length.toLocaleString('vi-VN')}/{PRODUCT_LIMITS.descriptionMax.toLocaleString('vi-VN')})
            </p>
            {errorOf('description')}
          </div>
          <fieldset className={styles.wide}>
            <legend>{t.fields.images}</legend>
            <p className={styles.hint}>{t.imagesHint}</p>
            <ol className={styles.images}>
              {values.images.map((image, index) => (
                <li key={image.path} className={styles.image}>
                  <img src={image.url} alt={image.alt} />
                  <div className={styles.field}>
                    {index === 0 && <strong>{t.mainImage}</strong>}
                    <label htmlFor={fieldId(`image-${index}`)}>{t.imageAlt(index)}</label>
                    <input
                      id={fieldId(`image-${index}`)}
                      className={styles.input}
                      value={image.alt}
                      onChange={(event) => set('images', values.images.map((entry, at) => (at === index ? { ...entry, alt: event.target.value } : entry)))}
                    />
                    {errorOf(`images.${index}.alt`)}
                    {errorOf(`images.${index}.path`)}
                    <div className={styles.buttons}>
                      {index > 0 && (
                        <button type="button" className={styles.secondary} onClick={() => moveImage(index, 0)}>
                          {t.makeMain}
                        </button>
                      )}
                      {index > 0 && (
                        <button type="button" className={styles.secondary} onClick={() => moveImage(index, index - 1)} aria-label={`${t.moveUp}: ${t.imageAlt(index)}`}>
                          {t.moveUp}
                        </button>
                      )}
                      {index < values.images.length - 1 && (
                        <button type="button" className={styles.secondary} onClick={() => moveImage(index, index + 1)} aria-label={`${t.moveDown}: ${t.imageAlt(index)}`}>
                          {t.moveDown}
                        </button>
                      )}
                      <button type="button" className={styles.danger} onClick={() => set('images', values.images.filter((_, at) => at !== index))} aria-label={`${t.removeImage} ${index + 1}`}>
                        {t.removeImage}
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ol>
            {values.images.length < PRODUCT_LIMITS.imagesMax && (
              <div className={styles.field}>
                <label htmlFor={fieldId('upload')}>{uploading ? t.uploading : t.upload}</label>
                <input id={fieldId('upload')} type="file" accept="image/jpeg,image/png,image/webp" multiple onChange={(event) => void upload(event)} disabled={uploading} />
              </div>
            )}
            {errorOf('images')}
          </fieldset>
          {errorOf('status')}
        </fieldset>
        <div className={styles.buttons}>
          {!readOnly && (
            <button type="submit" className={styles.primary} disabled={busy || uploading}>
              {busy ? t.saving : t.save}
            </button>
          )}
          {!readOnly && canMoveProductStatus(status, 'published') && status !== 'published' && (
            <button type="button" className={styles.secondary} disabled={busy || uploading} onClick={() => void submit({ ...values, status: 'published' })}>
              {t.publish}
            </button>
          )}
          {!readOnly && productId !== null && canMoveProductStatus(status, 'archived') && status !== 'archived' && (
            <button type="button" className={styles.danger} disabled={busy || uploading} onClick={() => void submit({ ...values, status: 'archived' })}>
              {t.archive}
            </button>
          )}
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t.close}
          </button>
        </div>
      </form>
      {productId !== null && <ProductHistory productId={productId} reloadKey={historyKey} options={options} />}
    </section>
  );
}
