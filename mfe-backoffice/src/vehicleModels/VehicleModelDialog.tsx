import { useId, useState, type FormEvent } from 'react';
import type { VehicleModelAdminRecord, VehicleType } from 'shared-contracts/schemas';
import { VEHICLE_TYPE_LABELS } from 'shared-contracts/labels';
import { BATTERY_CHEMISTRIES, BATTERY_CHEMISTRY_LABELS } from 'shared-contracts/vehicle';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { ModalDialog } from '../components/ModalDialog';
import { defaultThresholdsOf, EMPTY_MODEL, labelOf, modelInput, validateModel, valuesOfModel, type VehicleModelField, type VehicleModelValues } from './vehicleModelForm';
import { vehicleModelsApi } from './vehicleModelsApi';
import { vehicleModelsText } from './vehicleModelsText';
import styles from '../components/ReferenceLists.module.css';

const t = vehicleModelsText.form;
const TYPES = Object.keys(VEHICLE_TYPE_LABELS) as VehicleType[];

interface Props {
  /** The model edited; absent: a new one. */
  model?: VehicleModelAdminRecord;
  onSaved: (message: string) => void;
  /** A 409 (the same brand, model and variant exists): the list is read again, the form stays open. */
  onConflict: () => void;
  onClose: () => void;
}

/**
 * "Thêm dòng xe" / "Sửa dòng xe": brand, model, variant, type, years and battery, and the model's own battery
 * thresholds (empty: the chosen chemistry's default, shown as the placeholder); the label previewed as typed.
 */
export function VehicleModelDialog({ model, onSaved, onConflict, onClose }: Props) {
  const id = useId();
  const [values, setValues] = useState<VehicleModelValues>(model ? valuesOfModel(model) : EMPTY_MODEL);
  const [errors, setErrors] = useState<Partial<Record<VehicleModelField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: VehicleModelField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateModel(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const input = modelInput(values);
      const outcome = model ? await vehicleModelsApi.save(model.id, input) : await vehicleModelsApi.create(input);
      const label = outcome.data?.label ?? labelOf(values);
      onSaved(model ? t.saved(label) : t.created(label));
    } catch (error) {
      setBusy(false);
      const message = messageOf(error, t.failed);
      if (isConflict(error)) {
        setFailure(`${message} ${t.duplicateHint}`);
        onConflict();
        return;
      }
      setErrors(fieldErrorsOf(error) as Partial<Record<VehicleModelField, string>>);
      setFailure(message);
    }
  };

  const described = (field: VehicleModelField, hint?: boolean) => [errors[field] && `${id}-${field}-error`, hint && `${id}-${field}-hint`].filter(Boolean).join(' ') || undefined;
  const errorLine = (field: VehicleModelField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={styles.fieldError}>
        {errors[field]}
      </p>
    ) : null;
  const text = (field: VehicleModelField, label: string, options: { hint?: string; inputMode?: 'numeric' | 'decimal'; maxLength: number; required?: boolean; placeholder?: string }) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        className={styles.input}
        value={values[field]}
        onChange={(event) => set(field)(event.target.value)}
        inputMode={options.inputMode}
        maxLength={options.maxLength}
        required={options.required}
        placeholder={options.placeholder}
        autoComplete="off"
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={described(field, Boolean(options.hint))}
      />
      {options.hint && (
        <p id={`${id}-${field}-hint`} className={styles.hint}>
          {options.hint}
        </p>
      )}
      {errorLine(field)}
    </div>
  );
  const label = labelOf(values);
  const defaults = defaultThresholdsOf(values);
  const th = t.thresholds;

  return (
    <ModalDialog title={model ? t.editTitle(model.label) : t.createTitle} description={t.description} onClose={onClose}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={model ? t.editTitle(model.label) : t.createTitle}>
        {failure && (
          <p role="alert" className={styles.alert}>
            {failure}
          </p>
        )}
        <div className={styles.grid}>
          {text('brand', t.brand, { maxLength: 60, required: true })}
          {text('model', t.model, { maxLength: 60, required: true })}
          {text('variant', t.variant, { maxLength: 40, hint: t.variantHint })}
          <div className={styles.field}>
            <label htmlFor={`${id}-type`}>{t.type}</label>
            <select
              id={`${id}-type`}
              className={styles.input}
              value={values.type}
              onChange={(event) => set('type')(event.target.value)}
              required
              aria-invalid={errors.type ? true : undefined}
              aria-describedby={described('type')}
            >
              <option value="">{t.chooseType}</option>
              {TYPES.map((type) => (
                <option key={type} value={type}>
                  {VEHICLE_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
            {errorLine('type')}
          </div>
          {text('yearFrom', t.yearFrom, { inputMode: 'numeric', maxLength: 4 })}
          {text('yearTo', t.yearTo, { inputMode: 'numeric', maxLength: 4, hint: t.yearToHint })}
          {text('batteryKwh', t.batteryKwh, { inputMode: 'decimal', maxLength: 8 })}
          <div className={styles.field}>
            <label htmlFor={`${id}-batteryChemistry`}>{t.batteryChemistry}</label>
            <select
              id={`${id}-batteryChemistry`}
              className={styles.input}
              value={values.batteryChemistry}
              onChange={(event) => set('batteryChemistry')(event.target.value)}
              aria-invalid={errors.batteryChemistry ? true : undefined}
              aria-describedby={described('batteryChemistry')}
            >
              <option value="">{t.noChemistry}</option>
              {BATTERY_CHEMISTRIES.map((chemistry) => (
                <option key={chemistry} value={chemistry}>
                  {BATTERY_CHEMISTRY_LABELS[chemistry]}
                </option>
              ))}
            </select>
            {errorLine('batteryChemistry')}
          </div>
        </div>
        <fieldset className={styles.fieldset} aria-describedby={`${id}-thresholds-hint`}>
          <legend className={styles.legend}>{th.legend}</legend>
          <p id={`${id}-thresholds-hint`} className={styles.hint}>
            {th.hint}
          </p>
          <div className={styles.grid}>
            {text('batterySohDegradedPct', th.degraded, { inputMode: 'numeric', maxLength: 3, placeholder: th.defaultPct(defaults.degradedBelowPct) })}
            {text('batterySohReplacePct', th.replace, { inputMode: 'numeric', maxLength: 3, placeholder: th.defaultPct(defaults.replaceBelowPct) })}
            {text('batterySpreadWarnMv', th.spread, { inputMode: 'numeric', maxLength: 4, placeholder: th.defaultMv(defaults.spreadWarnAboveMv) })}
          </div>
        </fieldset>
        {label && <p className={styles.hint}>{t.preview(label)}</p>}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? t.busy : model ? t.submitSave : t.submitCreate}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t.cancel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
