import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { PromotionAdmin } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { catalogueAdminApi } from './catalogueAdminApi';
import { CurrentValues, EditorLoadError, EditorMessages, FormField, fromLocalInput, Options, toLocalInput, useEditorForm } from './editorForm';
import { formatVnd } from './catalogueAdminText';
import { EMPTY_PROMOTION, promotionAdminApi, promotionFormValuesOf, type PromotionFormValues, type PromotionGroupValue } from './promotionAdminApi';
import { formatDay, PROMOTION_ELIGIBILITY_TEXT, PROMOTION_GROUP_TEXT, PROMOTION_KIND_TEXT, PROMOTION_TYPE_TEXT, promotionText as t } from './promotionAdminText';
import styles from './CatalogueAdmin.module.css';

interface Props {
  /** null: a new promotion. */
  promotionId: number | null;
  readOnly: boolean;
  onSaved: (promotion: PromotionAdmin) => void;
  onClose: () => void;
}

const numberOrEmpty = (text: string): number | '' => (text.trim() === '' ? '' : Number(text));

/**
 * One promotion's form: every field of the spec's Promotion, the server's Vietnamese field errors beside each, the
 * used count read-only. A save carries its version: when another admin saved first (409) the current values are
 * shown and what the user typed stays in the form.
 */
export function PromotionEditor({ promotionId, readOnly, onSaved, onClose }: Props) {
  const form = useEditorForm({ itemId: promotionId, empty: EMPTY_PROMOTION, load: promotionAdminApi.promotion, valuesOf: promotionFormValuesOf, text: t, fieldPrefix: 'field-' });
  const { id, item: promotion, values, setValues, set, setErrors, message, done, current, busy, fieldId, errorOf, described } = form;
  const [uploading, setUploading] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      () => promotionAdminApi.create(values),
      (savedId, version) => promotionAdminApi.save(savedId, version, values),
      onSaved,
    );
  };

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    setErrors((before) => ({ ...before, image: '' }));
    try {
      const image = await catalogueAdminApi.uploadImage(file);
      setValues((before) => ({ ...before, image: { path: image.path, url: image.url, alt: before.image?.alt || before.title } }));
    } catch (error) {
      setErrors((before) => ({ ...before, image: messageOf(error, t.loadFailed) }));
    } finally {
      setUploading(false);
    }
  }

  const toggleGroup = (group: PromotionGroupValue, on: boolean) =>
    set('categories', on ? [...values.categories.filter((entry) => entry !== group), group] : values.categories.filter((entry) => entry !== group));

  if (form.loadError) return <EditorLoadError message={form.loadError} />;
  if (promotionId !== null && !promotion) return <section className={styles.panel} aria-busy="true" />;
  const amount = (value: number) => (values.type === 'percentage' ? `${value} %` : formatVnd(value));

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{promotionId === null ? t.newTitle : t.editTitle(promotion?.code ?? '')}</h2>
      {promotion && <p className={styles.hint}>{t.usedNote(promotion.usedCount)}</p>}
      <EditorMessages message={message} done={done} />
      {current && (
        <CurrentValues
          label={t.currentValues}
          useLabel={t.useCurrent}
          onUse={form.takeCurrent}
          rows={[
            [t.fields.code, current.code],
            [t.fields.title, current.title],
            [t.fields.value, current.type === 'percentage' ? `${current.value} %` : formatVnd(current.value)],
            [t.fields.usageLimit, `${current.usedCount.toLocaleString('vi-VN')} / ${current.usageLimit.toLocaleString('vi-VN')}`],
            [t.columns.window, `${formatDay(current.validFrom)} – ${formatDay(current.validTo)}`],
            [t.columns.status, current.isActive ? t.running : t.paused],
          ]}
        />
      )}
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={readOnly || busy} className={styles.fields}>
          <FormField form={form} name="code" label={t.fields.code}>
            {(control) => <input {...control} className={styles.input} value={values.code} onChange={(event) => set('code', event.target.value.toUpperCase())} />}
          </FormField>
          <FormField form={form} name="title" label={t.fields.title} wide>
            {(control) => <input {...control} className={styles.input} value={values.title} onChange={(event) => set('title', event.target.value)} />}
          </FormField>
          <FormField form={form} name="type" label={t.fields.type}>
            {(control) => (
              <select {...control} className={styles.select} value={values.type} onChange={(event) => set('type', event.target.value as PromotionFormValues['type'])}>
                <Options entries={Object.entries(PROMOTION_TYPE_TEXT)} />
              </select>
            )}
          </FormField>
          <FormField
            form={form}
            name="value"
            label={
              <>
                {t.fields.value} ({t.valueHint(values.type)})
              </>
            }
            hint={typeof values.value === 'number' && values.value > 0 && amount(values.value)}
          >
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.value} onChange={(event) => set('value', numberOrEmpty(event.target.value))} />}
          </FormField>
          <FormField form={form} name="minOrder" label={t.fields.minOrder}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.minOrder} onChange={(event) => set('minOrder', numberOrEmpty(event.target.value))} />}
          </FormField>
          <FormField form={form} name="maxDiscount" label={t.fields.maxDiscount}>
            {(control) => (
              <input
                {...control}
                className={styles.input}
                inputMode="numeric"
                value={values.maxDiscount ?? ''}
                onChange={(event) => set('maxDiscount', event.target.value.trim() === '' ? null : Number(event.target.value))}
              />
            )}
          </FormField>
          <FormField form={form} name="validFrom" label={t.fields.validFrom}>
            {(control) => <input {...control} className={styles.input} type="datetime-local" value={toLocalInput(values.validFrom)} onChange={(event) => set('validFrom', fromLocalInput(event.target.value))} />}
          </FormField>
          <FormField form={form} name="validTo" label={t.fields.validTo}>
            {(control) => <input {...control} className={styles.input} type="datetime-local" value={toLocalInput(values.validTo)} onChange={(event) => set('validTo', fromLocalInput(event.target.value))} />}
          </FormField>
          <FormField form={form} name="usageLimit" label={t.fields.usageLimit}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.usageLimit} onChange={(event) => set('usageLimit', numberOrEmpty(event.target.value))} />}
          </FormField>
          <FormField form={form} name="perCustomerLimit" label={t.fields.perCustomerLimit}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.perCustomerLimit} onChange={(event) => set('perCustomerLimit', numberOrEmpty(event.target.value))} />}
          </FormField>
          <FormField form={form} name="kind" label={t.fields.kind}>
            {(control) => (
              <select {...control} className={styles.select} value={values.kind} onChange={(event) => set('kind', event.target.value as PromotionFormValues['kind'])}>
                <Options entries={Object.entries(PROMOTION_KIND_TEXT)} />
              </select>
            )}
          </FormField>
          <FormField form={form} name="eligibility" label={t.fields.eligibility}>
            {(control) => (
              <select {...control} className={styles.select} value={values.eligibility} onChange={(event) => set('eligibility', event.target.value as PromotionFormValues['eligibility'])}>
                <Options entries={Object.entries(PROMOTION_ELIGIBILITY_TEXT)} />
              </select>
            )}
          </FormField>
          <fieldset className={styles.wide}>
            <legend>{t.fields.categories}</legend>
            {Object.entries(PROMOTION_GROUP_TEXT).map(([value, label]) => (
              <label key={value}>
                <input type="checkbox" checked={values.categories.includes(value as PromotionGroupValue)} onChange={(event) => toggleGroup(value as PromotionGroupValue, event.target.checked)} /> {label}
              </label>
            ))}
            {errorOf('categories')}
          </fieldset>
          <FormField form={form} name="sortOrder" label={t.fields.sortOrder}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.sortOrder} onChange={(event) => set('sortOrder', Number(event.target.value) || 0)} />}
          </FormField>
          <div className={styles.field}>
            <label>
              <input type="checkbox" checked={values.isActive} onChange={(event) => set('isActive', event.target.checked)} /> {t.fields.isActive}
            </label>
            {errorOf('isActive')}
          </div>
          <FormField form={form} name="description" label={t.fields.description} wide>
            {(control) => <textarea {...control} className={styles.textarea} rows={3} value={values.description} onChange={(event) => set('description', event.target.value)} />}
          </FormField>
          <div className={styles.wide}>
            <label htmlFor={fieldId('image')}>{t.fields.image}</label>
            {values.image && <img className={styles.thumb} src={values.image.url} alt="" />}
            <input id={fieldId('image')} type="file" accept="image/jpeg,image/png,image/webp" onChange={(event) => void upload(event)} {...described('image')} />
            {uploading && <p className={styles.hint}>{t.uploading}</p>}
            {errorOf('image')}
            {values.image && (
              <>
                <label htmlFor={fieldId('imageAlt')}>{t.fields.imageAlt}</label>
                <input
                  id={fieldId('imageAlt')}
                  className={styles.input}
                  value={values.image.alt}
                  onChange={(event) => set('image', values.image && { ...values.image, alt: event.target.value })}
                  {...described('image.alt')}
                />
                {errorOf('image.alt')}
              </>
            )}
          </div>
        </fieldset>
        <div className={styles.buttons}>
          {!readOnly && (
            <button type="submit" className={styles.primary} disabled={busy || uploading}>
              {t.save}
            </button>
          )}
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t.close}
          </button>
        </div>
      </form>
    </section>
  );
}
