import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { canMoveProductStatus, PARCEL_SIDES, PRODUCT_LIMITS, PRODUCT_STATUS_LABELS, VAT_RATES } from 'shared-contracts/backoffice';
import type { ProductAdmin, ProductAdminOptions } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { catalogueAdminApi, EMPTY_FORM, formValuesOf, type ProductFormValues } from './catalogueAdminApi';
import { catalogueText as t, formatVnd } from './catalogueAdminText';
import { CurrentValues, EditorLoadError, EditorMessages, FormField, fromLocalInput, Options, toLocalInput, useEditorForm, useItemPageFocus } from './editorForm';
import { ProductFitmentEditor } from './ProductFitmentEditor';
import { ProductHistory } from './ProductHistory';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import styles from './CatalogueAdmin.module.css';

interface Props {
  /** null: a new product. */
  productId: number | null;
  options: ProductAdminOptions;
  readOnly: boolean;
  onSaved: (product: ProductAdmin) => void;
  onClose: () => void;
  /** Shown between the form and the history (the product's stock per location). */
  stock?: ReactNode;
}

const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));
/** Whole digits as their number; anything else kept as typed, for the server's field error to name. */
const digitsOrText = (text: string): number | string => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text);

/**
 * One product's form: every field, with the server's Vietnamese field errors beside each; images uploaded through
 * the server's encoder, ordered (the first is the main one) with their alt text; publish and archive. A save carries
 * the version it was edited from: when another admin saved first (409), the current values are shown and what the
 * user typed stays in the form.
 */
export function ProductEditor({ productId, options, readOnly, onSaved, onClose, stock }: Props) {
  const [historyKey, setHistoryKey] = useState(0);
  const bumpHistory = () => setHistoryKey((key) => key + 1);
  const form = useEditorForm({ itemId: productId, empty: EMPTY_FORM, load: catalogueAdminApi.product, valuesOf: formValuesOf, text: t, fieldPrefix: '', onStale: bumpHistory });
  const { id, item: product, values, setValues, set, setErrors, message, done, current, busy, fieldId, errorOf } = form;
  const [uploading, setUploading] = useState(false);

  const submit = (next: ProductFormValues) =>
    form.submit(
      () => catalogueAdminApi.create(next),
      (savedId, version) => catalogueAdminApi.save(savedId, version, next),
      (saved) => {
        bumpHistory();
        onSaved(saved);
      },
    );

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

  const title = productId === null ? t.newTitle : (product?.name ?? '');
  const { formRef, headingRef } = useItemPageFocus(!form.loadError && (productId === null || product !== null), title, readOnly);
  if (form.loadError) return <EditorLoadError message={form.loadError} />;
  if (productId !== null && !product) return <section className={styles.panel} aria-busy="true" />;
  const status = product?.status ?? 'draft';

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <UnsavedChangesGuard when={!readOnly && form.dirty} />
      <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.itemTitle}>
        {title}
      </h1>
      {product && (
        <p className={styles.hint}>
          {t.slugNow(product.slug)}
          {product.oldSlugs.length > 0 && ` · ${t.oldSlugs(product.oldSlugs)}`}
        </p>
      )}
      <EditorMessages message={message} done={done} />
      {current && (
        <CurrentValues
          label={t.currentValues}
          useLabel={t.useCurrent}
          onUse={form.takeCurrent}
          rows={[
            [t.fields.name, current.name],
            [t.fields.sku, current.sku],
            [t.fields.price, formatVnd(current.price)],
            [t.fields.compareAtPrice, current.compareAtPrice === null ? t.none : formatVnd(current.compareAtPrice)],
            [t.fields.status, PRODUCT_STATUS_LABELS[current.status]],
            [t.fields.unit, current.unit],
          ]}
        />
      )}
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <fieldset disabled={readOnly || busy} className={styles.fields}>
          <FormField form={form} name="name" label={t.fields.name} wide>
            {(control) => <input {...control} className={styles.input} value={values.name} maxLength={PRODUCT_LIMITS.nameMax + 50} onChange={(event) => set('name', event.target.value)} />}
          </FormField>
          <FormField form={form} name="sku" label={t.fields.sku}>
            {(control) => <input {...control} className={styles.input} value={values.sku} onChange={(event) => set('sku', event.target.value.toUpperCase())} />}
          </FormField>
          <FormField form={form} name="categoryId" label={t.fields.categoryId}>
            {(control) => (
              <select {...control} className={styles.select} value={values.categoryId} onChange={(event) => set('categoryId', event.target.value ? Number(event.target.value) : '')}>
                <option value="">{t.choose}</option>
                <Options entries={options.categories.map((category) => [category.id, category.name] as const)} />
              </select>
            )}
          </FormField>
          <FormField form={form} name="brandId" label={t.fields.brandId}>
            {(control) => (
              <select {...control} className={styles.select} value={values.brandId} onChange={(event) => set('brandId', event.target.value ? Number(event.target.value) : '')}>
                <option value="">{t.choose}</option>
                <Options entries={options.brands.map((brand) => [brand.id, brand.name] as const)} />
              </select>
            )}
          </FormField>
          <FormField form={form} name="price" label={<>{t.fields.price} (₫)</>}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.price} onChange={(event) => set('price', event.target.value === '' ? '' : Number(event.target.value))} />}
          </FormField>
          <FormField form={form} name="compareAtPrice" label={<>{t.fields.compareAtPrice} (₫)</>}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.compareAtPrice ?? ''} onChange={(event) => set('compareAtPrice', numberOrNull(event.target.value))} />}
          </FormField>
          <FormField form={form} name="salePrice" label={<>{t.fields.salePrice} (₫)</>}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.salePrice ?? ''} onChange={(event) => set('salePrice', numberOrNull(event.target.value))} />}
          </FormField>
          <FormField form={form} name="saleStartsAt" label={t.fields.saleStartsAt}>
            {(control) => <input {...control} className={styles.input} type="datetime-local" value={toLocalInput(values.saleStartsAt)} onChange={(event) => set('saleStartsAt', fromLocalInput(event.target.value))} />}
          </FormField>
          <FormField form={form} name="saleEndsAt" label={t.fields.saleEndsAt}>
            {(control) => <input {...control} className={styles.input} type="datetime-local" value={toLocalInput(values.saleEndsAt)} onChange={(event) => set('saleEndsAt', fromLocalInput(event.target.value))} />}
          </FormField>
          <FormField form={form} name="vatRate" label={t.fields.vatRate}>
            {(control) => (
              <select {...control} className={styles.select} value={values.vatRate} onChange={(event) => set('vatRate', Number(event.target.value))}>
                <Options entries={VAT_RATES.map((rate) => [rate, `${rate} %`] as const)} />
              </select>
            )}
          </FormField>
          <FormField form={form} name="unit" label={t.fields.unit}>
            {(control) => <input {...control} className={styles.input} value={values.unit} onChange={(event) => set('unit', event.target.value)} />}
          </FormField>
          <FormField form={form} name="weightGrams" label={<>{t.fields.weightGrams} (g)</>} hint={t.parcelHint}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.weightGrams ?? ''} onChange={(event) => set('weightGrams', numberOrNull(event.target.value))} />}
          </FormField>
          {PARCEL_SIDES.map((side) => (
            <FormField key={side} form={form} name={side} label={t.parcelSides[side]}>
              {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values[side]} onChange={(event) => set(side, digitsOrText(event.target.value))} />}
            </FormField>
          ))}
          <FormField form={form} name="warrantyMonths" label={<>{t.fields.warrantyMonths} (tháng)</>}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.warrantyMonths} onChange={(event) => set('warrantyMonths', Number(event.target.value || 0))} />}
          </FormField>
          <FormField form={form} name="compatibleModels" label={t.fields.compatibleModels} wide hint={t.modelsHint}>
            {(control) => (
              <select
                {...control}
                className={styles.select}
                multiple
                size={6}
                value={values.compatibleModels}
                onChange={(event) => set('compatibleModels', [...event.target.selectedOptions].map((option) => option.value))}
              >
                <Options entries={[...new Set([...values.compatibleModels, ...options.vehicleModels])].map((model) => [model, model] as const)} />
              </select>
            )}
          </FormField>
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
          <FormField
            form={form}
            name="description"
            label={t.fields.description}
            wide
            hint={
              <>
                {t.descriptionHint} ({values.description.length.toLocaleString('vi-VN')}/{PRODUCT_LIMITS.descriptionMax.toLocaleString('vi-VN')})
              </>
            }
          >
            {(control) => <textarea {...control} className={styles.textarea} value={values.description} onChange={(event) => set('description', event.target.value)} />}
          </FormField>
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
      {productId !== null && product && (
        <ProductFitmentEditor
          productId={productId}
          readOnly={readOnly}
          version={form.version ?? product.version}
          onSaved={(version) => {
            form.adoptVersion(version);
            bumpHistory();
          }}
        />
      )}
      {stock}
      {productId !== null && <ProductHistory productId={productId} reloadKey={historyKey} options={options} />}
    </section>
  );
}
