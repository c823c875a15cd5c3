import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { CatalogueChange, PromotionAdmin } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { ChangeHistory } from './ChangeHistory';
import { catalogueAdminApi } from './catalogueAdminApi';
import { CurrentValues, EditorButtons, EditorPanel, FormField, fromLocalInput, NumberField, OptionalNumberField, SelectField, SortOrderField, TextAreaField, TextField, toLocalInput, useEditorForm } from './editorForm';
import { formatVnd } from './catalogueAdminText';
import { EMPTY_PROMOTION, promotionAdminApi, promotionFormValuesOf, type PromotionGroupValue, type PromotionMinTierValue } from './promotionAdminApi';
import { formatDay, PROMOTION_ELIGIBILITY_TEXT, PROMOTION_GROUP_TEXT, PROMOTION_MIN_TIER_TEXT, PROMOTION_KIND_TEXT, PROMOTION_TYPE_TEXT, promotionText as t } from './promotionAdminText';
import styles from './CatalogueAdmin.module.css';

interface Props {
  /** null: a new promotion. */
  promotionId: number | null;
  readOnly: boolean;
  onSaved: (promotion: PromotionAdmin) => void;
  onClose: () => void;
}

const fieldLabel = (field: string) => (t.fields as Record<string, string>)[field] ?? field;

/** A recorded value as the admin reads it: days dd/MM/yyyy, yes/no, the image's alt text, lists joined. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if ((field === 'validFrom' || field === 'validTo') && typeof value === 'string') return formatDay(value);
  if (typeof value === 'boolean') return value ? t.running : t.paused;
  if (field === 'image' && typeof value === 'object' && 'alt' in value) return String(value.alt);
  if (Array.isArray(value)) return value.map((entry) => PROMOTION_GROUP_TEXT[entry as PromotionGroupValue] ?? String(entry)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
const historyCells = (change: CatalogueChange) => [shown(change.field, change.before), shown(change.field, change.after)] as const;

/**
 * One promotion's form: every field of the spec's Promotion, the server's Vietnamese field errors beside each, the
 * used count read-only. A save carries its version: when another admin saved first (409) the current values are
 * shown and what the user typed stays in the form.
 */
export function PromotionEditor({ promotionId, readOnly, onSaved, onClose }: Props) {
  const [historyKey, setHistoryKey] = useState(0);
  const bumpHistory = () => setHistoryKey((key) => key + 1);
  const form = useEditorForm({ itemId: promotionId, empty: EMPTY_PROMOTION, load: promotionAdminApi.promotion, valuesOf: promotionFormValuesOf, text: t, fieldPrefix: 'field-', onStale: bumpHistory });
  const { item: promotion, values, setValues, set, setErrors, current, busy, fieldId, errorOf, described } = form;
  const [uploading, setUploading] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      () => promotionAdminApi.create(values),
      (savedId, version) => promotionAdminApi.save(savedId, version, values),
      (saved) => {
        bumpHistory();
        onSaved(saved);
      },
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

  const amount = (value: number) => (values.type === 'percentage' ? `${value} %` : formatVnd(value));

  return (
    <EditorPanel
      form={form}
      loading={promotionId !== null && !promotion}
      title={promotionId === null ? t.newTitle : promotion ? `${promotion.code} – ${promotion.title}` : ''}
      readOnly={readOnly}
      onSubmit={onSubmit}
      notice={promotion && <p className={styles.hint}>{t.usedNote(promotion.usedCount)}</p>}
      current={
        current && (
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
        )
      }
      buttons={<EditorButtons readOnly={readOnly} busy={busy || uploading} saveText={t.save} closeText={t.close} onClose={onClose} />}
      after={promotionId !== null && <ChangeHistory itemId={promotionId} load={promotionAdminApi.history} reloadKey={historyKey} fieldLabel={fieldLabel} cells={historyCells} />}
    >
      <TextField form={form} name="code" label={t.fields.code} value={values.code} onChange={(value) => set('code', value.toUpperCase())} />
      <TextField form={form} name="title" label={t.fields.title} wide value={values.title} onChange={(value) => set('title', value)} />
      <SelectField form={form} name="type" label={t.fields.type} value={values.type} entries={Object.entries(PROMOTION_TYPE_TEXT)} onChange={(value) => set('type', value)} />
      <NumberField
        form={form}
        name="value"
        label={
          <>
            {t.fields.value} ({t.valueHint(values.type)})
          </>
        }
        hint={typeof values.value === 'number' && values.value > 0 && amount(values.value)}
        value={values.value}
        onChange={(value) => set('value', value)}
      />
      <NumberField form={form} name="minOrder" label={t.fields.minOrder} value={values.minOrder} onChange={(value) => set('minOrder', value)} />
      <OptionalNumberField form={form} name="maxDiscount" label={t.fields.maxDiscount} value={values.maxDiscount} onChange={(value) => set('maxDiscount', value)} />
      <FormField form={form} name="validFrom" label={t.fields.validFrom}>
        {(control) => <input {...control} className={styles.input} type="datetime-local" value={toLocalInput(values.validFrom)} onChange={(event) => set('validFrom', fromLocalInput(event.target.value))} />}
      </FormField>
      <FormField form={form} name="validTo" label={t.fields.validTo}>
        {(control) => <input {...control} className={styles.input} type="datetime-local" value={toLocalInput(values.validTo)} onChange={(event) => set('validTo', fromLocalInput(event.target.value))} />}
      </FormField>
      <NumberField form={form} name="usageLimit" label={t.fields.usageLimit} value={values.usageLimit} onChange={(value) => set('usageLimit', value)} />
      <NumberField form={form} name="perCustomerLimit" label={t.fields.perCustomerLimit} value={values.perCustomerLimit} onChange={(value) => set('perCustomerLimit', value)} />
      <SelectField form={form} name="kind" label={t.fields.kind} value={values.kind} entries={Object.entries(PROMOTION_KIND_TEXT)} onChange={(value) => set('kind', value)} />
      <SelectField form={form} name="eligibility" label={t.fields.eligibility} value={values.eligibility} entries={Object.entries(PROMOTION_ELIGIBILITY_TEXT)} onChange={(value) => set('eligibility', value)} />
      <SelectField
        form={form}
        name="minTier"
        label={t.fields.minTier}
        value={values.minTier ?? ''}
        entries={PROMOTION_MIN_TIER_TEXT}
        onChange={(value) => set('minTier', value === '' ? null : (value as NonNullable<PromotionMinTierValue>))}
      />
      <fieldset className={styles.wide}>
        <legend>{t.fields.categories}</legend>
        {Object.entries(PROMOTION_GROUP_TEXT).map(([value, label]) => (
          <label key={value}>
            <input type="checkbox" checked={values.categories.includes(value as PromotionGroupValue)} onChange={(event) => toggleGroup(value as PromotionGroupValue, event.target.checked)} /> {label}
          </label>
        ))}
        {errorOf('categories')}
      </fieldset>
      <SortOrderField form={form} label={t.fields.sortOrder} value={values.sortOrder} onChange={(value) => set('sortOrder', value)} />
      <div className={styles.field}>
        <label>
          <input type="checkbox" checked={values.isActive} onChange={(event) => set('isActive', event.target.checked)} /> {t.fields.isActive}
        </label>
        {errorOf('isActive')}
      </div>
      <TextAreaField form={form} name="description" label={t.fields.description} rows={3} value={values.description} onChange={(value) => set('description', value)} />
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
    </EditorPanel>
  );
}
