import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { ApiError, errorDataOf, foldVietnamese } from 'shared-contracts';
import { FITMENT_POSITION_LABELS, FITMENT_POSITIONS, fitmentRowText, type FitmentPosition } from 'shared-contracts/pricing';
import type { ProductFitments, VehicleModelRecord } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { useAsync } from '../hooks/useAsync';
import { catalogueText } from './catalogueAdminText';
import { errorsByField } from './editorForm';
import { EMPTY_FITMENT_ROW, fitmentRowsOf, productFitmentsApi, type FitmentRowValues } from './productFitmentsApi';
import styles from './CatalogueAdmin.module.css';

const t = catalogueText.fitments;

interface Props {
  productId: number;
  readOnly: boolean;
  /** The product's version as the editor knows it: the set is saved from it. */
  version: number;
  /** After a save: the product's new version (the product form saves from it next). */
  onSaved: (version: number) => void;
}

/** The models of a brand together, in the picker's order; a model a row names stays even when inactive or filtered out. */
function modelGroups(models: readonly VehicleModelRecord[], filter: string, keep: ReadonlySet<number>): [string, VehicleModelRecord[]][] {
  const words = foldVietnamese(filter).split(' ').filter(Boolean);
  const groups = new Map<string, VehicleModelRecord[]>();
  for (const model of models) {
    const text = foldVietnamese(model.label);
    if (!keep.has(model.id) && !words.every((word) => text.includes(word))) continue;
    groups.set(model.brand, [...(groups.get(model.brand) ?? []), model]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'vi'));
}

/**
 * The product editor's "Xe tương thích" section (issue 66 §2): the product's fitment rows (a model from the reference
 * list, years, position, quantity per vehicle), added, changed and removed here and saved as a whole from the
 * product's version; the old free-text names no model matched are shown for the admin to map. The server's field
 * errors show beside each row's control; a 409 shows the rows saved now and keeps what the admin typed.
 */
export function ProductFitmentEditor({ productId, readOnly, version, onSaved }: Props) {
  const id = useId();
  const [rows, setRows] = useState<FitmentRowValues[]>([]);
  const [saved, setSaved] = useState<FitmentRowValues[]>([]);
  const [unmatched, setUnmatched] = useState<string[]>([]);
  const [filter, setFilter] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [current, setCurrent] = useState<ProductFitments | null>(null);
  const [busy, setBusy] = useState(false);

  const take = useCallback((fitments: ProductFitments) => {
    const next = fitmentRowsOf(fitments.fitments);
    setRows(next);
    setSaved(next);
    setUnmatched(fitments.unmatchedModels);
  }, []);
  const readRows = useCallback((signal: AbortSignal) => productFitmentsApi.read(productId, signal), [productId]);
  const { state: loaded } = useAsync(readRows, { failedText: t.loadFailed, onData: take });
  const { state: modelState } = useAsync(productFitmentsApi.models, { failedText: t.loadFailed });
  const models = useMemo(() => modelState.data ?? [], [modelState.data]);
  const named = useMemo(() => new Set(rows.map((row) => row.modelId).filter((value): value is number => value !== '')), [rows]);
  const groups = useMemo(() => modelGroups(models, filter, named), [models, filter, named]);
  const labelOf = (modelId: number) => models.find((model) => model.id === modelId)?.label ?? `#${modelId}`;

  const fieldId = (name: string) => `${id}-${name}`;
  const errorOf = (name: string) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className={styles.fieldError}>
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(name)}-error` } : {});
  const change = (index: number, values: Partial<FitmentRowValues>) => setRows((before) => before.map((row, at) => (at === index ? { ...row, ...values } : row)));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage(null);
    setDone('');
    try {
      const answer = await productFitmentsApi.save(productId, current?.version ?? version, rows);
      take(answer);
      setCurrent(null);
      setDone(t.saved);
      onSaved(answer.version);
    } catch (error) {
      const data = errorDataOf(error);
      if (error instanceof ApiError && error.status === 409 && data && typeof data.current === 'object' && data.current !== null) {
        setCurrent(data.current as ProductFitments);
        setMessage(t.stale);
      } else {
        setErrors(errorsByField(error));
        setMessage(messageOf(error, t.saveFailed));
      }
    } finally {
      setBusy(false);
    }
  }

  function takeCurrent() {
    if (!current) return;
    take(current);
    onSaved(current.version);
    setCurrent(null);
    setMessage(null);
  }

  const dirty = JSON.stringify(rows) !== JSON.stringify(saved);
  return (
    <section aria-labelledby={`${id}-title`} className={styles.wide}>
      <h3 id={`${id}-title`}>{t.title}</h3>
      <p className={styles.hint}>{t.hint}</p>
      {loaded.error && (
        <p className={styles.alert} role="alert">
          {loaded.error}
        </p>
      )}
      {!loaded.data && !loaded.error && <p aria-busy="true">{t.loading}</p>}
      {message && (
        <p className={styles.alert} role="alert">
          {message}
        </p>
      )}
      <p className={styles.done} role="status">
        {done}
      </p>
      {current && (
        <div className={styles.hint}>
          <p>{t.currentRows}</p>
          <ul>
            {current.fitments.map((row) => (
              <li key={`${row.modelId}-${row.position ?? ''}`}>{fitmentRowText(row)}</li>
            ))}
          </ul>
          <button type="button" className={styles.secondary} onClick={takeCurrent}>
            {t.useCurrent}
          </button>
        </div>
      )}
      {unmatched.length > 0 && <p className={styles.hint}>{t.unmatched(unmatched)}</p>}
      {loaded.data && (
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t.title}>
          <fieldset disabled={readOnly || busy} className={styles.fields}>
            {rows.length === 0 && <p className={styles.wide}>{t.empty}</p>}
            {!readOnly && rows.length > 0 && (
              <div className={styles.field}>
                <label htmlFor={fieldId('filter')}>{t.filter}</label>
                <input id={fieldId('filter')} className={styles.input} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
              </div>
            )}
            {rows.map((row, index) => (
              <fieldset key={index} className={`${styles.wide} ${styles.spec}`}>
                <legend>{t.rowLabel(index)}</legend>
                <div className={styles.field}>
                  <label htmlFor={fieldId(`${index}-model`)}>{t.model}</label>
                  <select
                    id={fieldId(`${index}-model`)}
                    className={styles.select}
                    value={row.modelId}
                    onChange={(event) => change(index, { modelId: event.target.value ? Number(event.target.value) : '' })}
                    {...described(`fitments.${index}.modelId`)}
                  >
                    <option value="">{catalogueText.choose}</option>
                    {row.modelId !== '' && !models.some((model) => model.id === row.modelId) && <option value={row.modelId}>{`${labelOf(row.modelId)} ${t.inactive}`}</option>}
                    {groups.map(([brand, entries]) => (
                      <optgroup key={brand} label={brand}>
                        {entries.map((model) => (
                          <option key={model.id} value={model.id}>
                            {model.label}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                  {errorOf(`fitments.${index}.modelId`)}
                </div>
                <div className={styles.field}>
                  <label htmlFor={fieldId(`${index}-yearFrom`)}>{t.yearFrom}</label>
                  <input id={fieldId(`${index}-yearFrom`)} className={styles.input} inputMode="numeric" value={row.yearFrom} onChange={(event) => change(index, { yearFrom: event.target.value })} {...described(`fitments.${index}.yearFrom`)} />
                  {errorOf(`fitments.${index}.yearFrom`)}
                </div>
                <div className={styles.field}>
                  <label htmlFor={fieldId(`${index}-yearTo`)}>{t.yearTo}</label>
                  <input id={fieldId(`${index}-yearTo`)} className={styles.input} inputMode="numeric" value={row.yearTo} onChange={(event) => change(index, { yearTo: event.target.value })} {...described(`fitments.${index}.yearTo`)} />
                  {errorOf(`fitments.${index}.yearTo`)}
                </div>
                <div className={styles.field}>
                  <label htmlFor={fieldId(`${index}-position`)}>{t.position}</label>
                  <select
                    id={fieldId(`${index}-position`)}
                    className={styles.select}
                    value={row.position}
                    onChange={(event) => change(index, { position: event.target.value as FitmentPosition | '' })}
                    {...described(`fitments.${index}.position`)}
                  >
                    <option value="">{t.noPosition}</option>
                    {FITMENT_POSITIONS.map((position) => (
                      <option key={position} value={position}>
                        {FITMENT_POSITION_LABELS[position]}
                      </option>
                    ))}
                  </select>
                  {errorOf(`fitments.${index}.position`)}
                </div>
                <div className={styles.field}>
                  <label htmlFor={fieldId(`${index}-quantity`)}>{t.quantity}</label>
                  <input
                    id={fieldId(`${index}-quantity`)}
                    className={styles.input}
                    inputMode="numeric"
                    value={row.quantityPerVehicle}
                    onChange={(event) => change(index, { quantityPerVehicle: event.target.value })}
                    {...described(`fitments.${index}.quantityPerVehicle`)}
                  />
                  {errorOf(`fitments.${index}.quantityPerVehicle`)}
                </div>
                {!readOnly && (
                  <button type="button" className={styles.danger} onClick={() => setRows((before) => before.filter((_, at) => at !== index))}>
                    {t.remove(index)}
                  </button>
                )}
              </fieldset>
            ))}
            {errorOf('fitments')}
          </fieldset>
          {!readOnly && (
            <div className={styles.buttons}>
              <button type="button" className={styles.secondary} disabled={busy} onClick={() => setRows((before) => [...before, EMPTY_FITMENT_ROW])}>
                {t.add}
              </button>
              <button type="submit" className={styles.primary} disabled={busy || (!dirty && current === null)}>
                {busy ? t.saving : t.save}
              </button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
