import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError, errorDataOf } from 'shared-contracts';
import type { PromotionAdmin } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { catalogueAdminApi } from './catalogueAdminApi';
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

/** The server's field messages by path ('usageLimit', 'image.alt'); a top-level field also gets its first nested one. */
function errorsByField(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  for (const entry of error.errors) {
    result[entry.field] ??= entry.message;
    result[entry.field.split('.')[0]!] ??= entry.message;
  }
  return result;
}

const numberOrEmpty = (text: string): number | '' => (text.trim() === '' ? '' : Number(text));
/** An ISO instant ↔ a datetime-local input in Vietnam (UTC+7, no daylight saving). */
const toLocalInput = (iso: string | null) => (iso ? new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 16) : '');
const fromLocalInput = (value: string) => (value ? `${value}:00+07:00` : null);

/**
 * One promotion's form: every field of the spec's Promotion, the server's Vietnamese field errors beside each, the
 * used count read-only. A save carries its version: when another admin saved first (409) the current values are
 * shown and what the user typed stays in the form.
 */
export function PromotionEditor({ promotionId, readOnly, onSaved, onClose }: Props) {
  const id = useId();
  const [promotion, setPromotion] = useState<PromotionAdmin | null>(null);
  const [values, setValues] = useState<PromotionFormValues>(EMPTY_PROMOTION);
  const [version, setVersion] = useState<number | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [current, setCurrent] = useState<PromotionAdmin | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (promotionId === null) return;
    const controller = new AbortController();
    promotionAdminApi.promotion(promotionId, controller.signal).then(
      (loaded) => {
        setPromotion(loaded);
        setValues(promotionFormValuesOf(loaded));
        setVersion(loaded.version);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(messageOf(error, t.loadFailed));
      },
    );
    return () => controller.abort();
  }, [promotionId]);

  const set = <K extends keyof PromotionFormValues>(key: K, value: PromotionFormValues[K]) => setValues((before) => ({ ...before, [key]: value }));
  const fieldId = (name: string) => `${id}-field-${name}`;
  const errorOf = (name: string) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className={styles.fieldError}>
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(name)}-error` } : {});

  async function submit() {
    setBusy(true);
    setErrors({});
    setMessage(null);
    setDone('');
    try {
      const saved = promotionId === null || version === null ? await promotionAdminApi.create(values) : await promotionAdminApi.save(promotionId, version, values);
      setPromotion(saved);
      setValues(promotionFormValuesOf(saved));
      setVersion(saved.version);
      setCurrent(null);
      setDone(promotionId === null ? t.created : t.saved);
      onSaved(saved);
    } catch (error) {
      const data = errorDataOf(error);
      if (error instanceof ApiError && error.status === 409 && data && typeof data.current === 'object' && data.current !== null) {
        // Another admin saved first: show what is saved now, keep what this user typed, save from the new version.
        const now = data.current as PromotionAdmin;
        setCurrent(now);
        setVersion(now.version);
        setMessage(t.stale);
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
    void submit();
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

  if (loadError) {
    return (
      <section className={styles.panel}>
        <p className={styles.alert} role="alert">
          {loadError}
        </p>
      </section>
    );
  }
  if (promotionId !== null && !promotion) return <section className={styles.panel} aria-busy="true" />;
  const amount = (value: number) => (values.type === 'percentage' ? `${value} %` : formatVnd(value));

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{promotionId === null ? t.newTitle : t.editTitle(promotion?.code ?? '')}</h2>
      {promotion && <p className={styles.hint}>{t.usedNote(promotion.usedCount)}</p>}
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
            <dt>{t.fields.code}</dt>
            <dd>{current.code}</dd>
            <dt>{t.fields.title}</dt>
            <dd>{current.title}</dd>
            <dt>{t.fields.value}</dt>
            <dd>{current.type === 'percentage' ? `${current.value} %` : formatVnd(current.value)}</dd>
            <dt>{t.fields.usageLimit}</dt>
            <dd>
              {current.usedCount.toLocaleString('vi-VN')} / {current.usageLimit.toLocaleString('vi-VN')}
            </dd>
            <dt>{t.columns.window}</dt>
            <dd>
              {formatDay(current.validFrom)} – {formatDay(current.validTo)}
            </dd>
            <dt>{t.columns.status}</dt>
            <dd>{current.isActive ? t.running : t.paused}</dd>
          </dl>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              setPromotion(current);
              setValues(promotionFormValuesOf(current));
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
          <div className={styles.field}>
            <label htmlFor={fieldId('code')}>{t.fields.code}</label>
            <input id={fieldId('code')} className={styles.input} value={values.code} onChange={(event) => set('code', event.target.value.toUpperCase())} {...described('code')} />
            {errorOf('code')}
          </div>
          <div className={styles.wide}>
            <label htmlFor={fieldId('title')}>{t.fields.title}</label>
            <input id={fieldId('title')} className={styles.input} value={values.title} onChange={(event) => set('title', event.target.value)} {...described('title')} />
            {errorOf('title')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('type')}>{t.fields.type}</label>
            <select id={fieldId('type')} className={styles.select} value={values.type} onChange={(event) => set('type', event.target.value as PromotionFormValues['type'])} {...described('type')}>
              {Object.entries(PROMOTION_TYPE_TEXT).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            {errorOf('type')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('value')}>
              {t.fields.value} ({t.valueHint(values.type)})
            </label>
            <input id={fieldId('value')} className={styles.input} inputMode="numeric" value={values.value} onChange={(event) => set('value', numberOrEmpty(event.target.value))} {...described('value')} />
            {typeof values.value === 'number' && values.value > 0 && <p className={styles.hint}>{amount(values.value)}</p>}
            {errorOf('value')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('minOrder')}>{t.fields.minOrder}</label>
            <input id={fieldId('minOrder')} className={styles.input} inputMode="numeric" value={values.minOrder} onChange={(event) => set('minOrder', numberOrEmpty(event.target.value))} {...described('minOrder')} />
            {errorOf('minOrder')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('maxDiscount')}>{t.fields.maxDiscount}</label>
            <input
              id={fieldId('maxDiscount')}
              className={styles.input}
              inputMode="numeric"
              value={values.maxDiscount ?? ''}
              onChange={(event) => set('maxDiscount', event.target.value.trim() === '' ? null : Number(event.target.value))}
              {...described('maxDiscount')}
            />
            {errorOf('maxDiscount')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('validFrom')}>{t.fields.validFrom}</label>
            <input id={fieldId('validFrom')} className={styles.input} type="datetime-local" value={toLocalInput(values.validFrom)} onChange={(event) => set('validFrom', fromLocalInput(event.target.value))} {...described('validFrom')} />
            {errorOf('validFrom')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('validTo')}>{t.fields.validTo}</label>
            <input id={fieldId('validTo')} className={styles.input} type="datetime-local" value={toLocalInput(values.validTo)} onChange={(event) => set('validTo', fromLocalInput(event.target.value))} {...described('validTo')} />
            {errorOf('validTo')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('usageLimit')}>{t.fields.usageLimit}</label>
            <input id={fieldId('usageLimit')} className={styles.input} inputMode="numeric" value={values.usageLimit} onChange={(event) => set('usageLimit', numberOrEmpty(event.target.value))} {...described('usageLimit')} />
            {errorOf('usageLimit')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('perCustomerLimit')}>{t.fields.perCustomerLimit}</label>
            <input id={fieldId('perCustomerLimit')} className={styles.input} inputMode="numeric" value={values.perCustomerLimit} onChange={(event) => set('perCustomerLimit', numberOrEmpty(event.target.value))} {...described('perCustomerLimit')} />
            {errorOf('perCustomerLimit')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('kind')}>{t.fields.kind}</label>
            <select id={fieldId('kind')} className={styles.select} value={values.kind} onChange={(event) => set('kind', event.target.value as PromotionFormValues['kind'])} {...described('kind')}>
              {Object.entries(PROMOTION_KIND_TEXT).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            {errorOf('kind')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('eligibility')}>{t.fields.eligibility}</label>
            <select id={fieldId('eligibility')} className={styles.select} value={values.eligibility} onChange={(event) => set('eligibility', event.target.value as PromotionFormValues['eligibility'])} {...described('eligibility')}>
              {Object.entries(PROMOTION_ELIGIBILITY_TEXT).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            {errorOf('eligibility')}
          </div>
          <fieldset className={styles.wide}>
            <legend>{t.fields.categories}</legend>
            {Object.entries(PROMOTION_GROUP_TEXT).map(([value, label]) => (
              <label key={value}>
                <input type="checkbox" checked={values.categories.includes(value as PromotionGroupValue)} onChange={(event) => toggleGroup(value as PromotionGroupValue, event.target.checked)} /> {label}
              </label>
            ))}
            {errorOf('categories')}
          </fieldset>
          <div className={styles.field}>
            <label htmlFor={fieldId('sortOrder')}>{t.fields.sortOrder}</label>
            <input id={fieldId('sortOrder')} className={styles.input} inputMode="numeric" value={values.sortOrder} onChange={(event) => set('sortOrder', Number(event.target.value) || 0)} {...described('sortOrder')} />
            {errorOf('sortOrder')}
          </div>
          <div className={styles.field}>
            <label>
              <input type="checkbox" checked={values.isActive} onChange={(event) => set('isActive', event.target.checked)} /> {t.fields.isActive}
            </label>
            {errorOf('isActive')}
          </div>
          <div className={styles.wide}>
            <label htmlFor={fieldId('description')}>{t.fields.description}</label>
            <textarea id={fieldId('description')} className={styles.textarea} rows={3} value={values.description} onChange={(event) => set('description', event.target.value)} {...described('description')} />
            {errorOf('description')}
          </div>
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
