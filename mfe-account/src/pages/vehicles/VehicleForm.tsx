import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Vehicle } from 'shared-contracts/schemas';
import { failureMessage, fieldErrorsOf } from '../../api/apiErrors';
import { FormNotice, SelectField, TextField } from '../../forms/Fields';
import { loadedOf, useAsync } from '../../hooks/useAsync';
import { LoadFailure } from '../../service/LoadFailure';
import { serviceApi } from '../../service/serviceApi';
import {
  brandOptions,
  EMPTY_VEHICLE,
  isVehicleType,
  modelOptions,
  type ModelChoice,
  odometerLowered,
  plateMessage,
  platePreview,
  searchModels,
  validateVehicle,
  valuesOf,
  vehicleInput,
  VEHICLE_TYPES,
  vinIsRequired,
  withBrand,
  withModelChoice,
  withType,
  yearRange,
} from './vehicleFormRules';
import { useVehicleForm } from './useVehicleForm';
import { vehiclesText as t } from './vehiclesText';
import formStyles from '../../forms/Form.module.css';
import styles from './MyVehiclesPage.module.css';

const TYPE_OPTIONS = VEHICLE_TYPES.map((type) => ({ value: type, label: t.typeLabels[type] }));

interface Props {
  /** the vehicle edited; absent: a new one */
  vehicle?: Vehicle;
  onSaved: (vehicle: Vehicle) => void;
  onCancel: () => void;
  /** 'model': opened by "Chọn dòng xe", the model picker gets the focus (once the models are there) */
  focus?: 'model';
}

const NO_MODELS: readonly ModelChoice[] = [];

/**
 * Add or edit a vehicle: brand and model (with its variant) from the reference models of the type chosen
 * (GET /api/vehicle-models?type=), or found by a quick search; plate checked and normalised as typed.
 */
export function VehicleForm({ vehicle, onSaved, onCancel, focus }: Props) {
  const previousKm = vehicle ? vehicle.odometerKm : null;
  // The type's reference models, for the rule on a vehicle linked to none (validation runs in event handlers, after render).
  const modelChoices = useRef<readonly ModelChoice[]>(NO_MODELS);
  const form = useVehicleForm(vehicle ? valuesOf(vehicle) : EMPTY_VEHICLE, (values) => validateVehicle(values, previousKm, modelChoices.current));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [plateTouched, setPlateTouched] = useState(false);
  const [search, setSearch] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const focusModel = useRef(focus === 'model');
  const searchId = useId();
  const { values } = form;
  const { min, max } = yearRange();

  const type = values.type;
  const readModels = useCallback((signal: AbortSignal) => (isVehicleType(type) ? serviceApi.vehicleModels(type, signal) : Promise.resolve([])), [type]);
  const { state: modelsState, reload: reloadModels } = useAsync(readModels, { enabled: isVehicleType(type) });
  const models = loadedOf(modelsState);
  const choices = models.status === 'ready' ? models.data : NO_MODELS;
  const modelsReady = isVehicleType(type) && models.status === 'ready';
  useEffect(() => {
    modelChoices.current = choices;
  }, [choices]);

  useEffect(() => {
    if (!focusModel.current) heading.current?.focus();
  }, []);
  useEffect(() => {
    if (!focusModel.current || !modelsReady) return;
    focusModel.current = false;
    form.focus('model');
  }, [modelsReady, form]);

  const onSubmit = form.handleSubmit(async (valid) => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      const input = vehicleInput(valid, previousKm);
      onSaved(vehicle ? await serviceApi.updateVehicle(vehicle.id, input) : await serviceApi.createVehicle(input));
    } catch (error) {
      form.showServerErrors(fieldErrorsOf(error));
      setFailure(failureMessage(error, t.saveFailed));
      setSaving(false);
    }
  });

  const choose = (choice: ModelChoice) => {
    form.change(withModelChoice(values, String(choice.id), choices));
    setSearch('');
    requestAnimationFrame(() => form.focus('model'));
  };

  const found = modelsReady ? searchModels(choices, search) : [];
  const brandChoices = modelOptions(choices, values.brand, vehicle?.vehicleModel && String(vehicle.vehicleModel.id) === values.modelId ? vehicle.vehicleModel : null);
  const hasVariants = choices.some((choice) => choice.brand === values.brand && choice.variant !== null);
  // a vehicle saved before the reference models: what it says now, until a model is chosen
  const unlinked = values.modelId === '' && values.model !== '' ? `${values.brand} ${values.model}` : null;
  const modelHint = unlinked ? t.modelUnlinked(unlinked) : hasVariants ? t.variantHint : undefined;
  const loadingModels = isVehicleType(type) && models.status === 'loading';
  const preview = platePreview(values);
  const plateError = form.errors.licensePlate ?? (plateTouched ? plateMessage(values) : undefined);
  const lowered = odometerLowered(values, previousKm);
  const title = vehicle ? t.editTitle(vehicle.licensePlate) : t.addTitle;
  return (
    <section className={styles.formCard} aria-labelledby="vehicle-form-title">
      <h2 id="vehicle-form-title" ref={heading} tabIndex={-1} className={styles.formTitle}>
        {title}
      </h2>
      {failure && <FormNotice tone="error">{failure}</FormNotice>}
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label={title}>
        <div className={formStyles.row}>
          <SelectField
            {...form.field('type', withType)}
            label={t.fields.type}
            options={TYPE_OPTIONS}
            placeholder={t.choose.type}
            required
          />
          <SelectField
            {...form.field('brand', withBrand)}
            label={t.fields.brand}
            options={modelsReady ? brandOptions(choices, values.brand) : []}
            placeholder={!values.type ? t.chooseTypeFirst : loadingModels ? t.loadingModels : t.choose.brand}
            disabled={!modelsReady}
            required
          />
          <SelectField
            {...form.field('model', (current, id) => withModelChoice(current, id, choices))}
            value={values.modelId}
            label={t.fields.model}
            hint={modelHint}
            options={modelsReady ? brandChoices : []}
            placeholder={values.brand ? t.choose.model : t.chooseBrandFirst}
            disabled={!modelsReady || !values.brand}
            required
          />
        </div>
        {models.status === 'failed' && isVehicleType(type) && <LoadFailure message={models.message} onRetry={() => reloadModels('fresh')} />}
        {modelsReady && choices.length > 0 && (
          <div className={styles.modelSearch}>
            <label htmlFor={searchId} className={formStyles.label}>
              {t.searchModel}
            </label>
            <input
              id={searchId}
              type="search"
              className={formStyles.input}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t.searchModelPlaceholder}
              autoComplete="off"
              maxLength={60}
            />
            {search.trim() !== '' && (
              <>
                <p role="status" className={styles.muted}>
                  {found.length > 0 ? t.searchFound(found.length) : t.searchNone}
                </p>
                {found.length > 0 && (
                  <ul className={styles.modelResults} aria-label={t.searchResults}>
                    {found.map((choice) => (
                      <li key={choice.id}>
                        <button type="button" className={styles.modelResult} onClick={() => choose(choice)}>
                          {choice.label}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </div>
        )}
        <div className={formStyles.row}>
          <div onBlur={() => setPlateTouched(true)}>
            <TextField
              {...form.field('licensePlate')}
              error={plateError}
              label={t.fields.licensePlate}
              hint={preview ? t.platePreview(preview) : t.plateHint}
              autoComplete="off"
              maxLength={30}
              required
            />
          </div>
          <TextField {...form.field('year')} label={t.fields.year} type="number" inputMode="numeric" min={String(min)} max={String(max)} required />
        </div>
        <div className={formStyles.row}>
          <TextField
            {...form.field('vin')}
            label={t.fields.vin}
            hint={t.vinHint(vinIsRequired(values.type))}
            optional={!vinIsRequired(values.type)}
            required={vinIsRequired(values.type)}
            autoComplete="off"
            maxLength={25}
            sanitize={(value) => value.toUpperCase()}
          />
          <TextField {...form.field('color')} label={t.fields.color} optional maxLength={40} />
        </div>
        <div className={formStyles.row}>
          <TextField {...form.field('odometerKm')} label={t.fields.odometerKm} hint={t.odometerHint} inputMode="numeric" maxLength={9} required />
          <TextField {...form.field('batteryCapacityKwh')} label={t.fields.batteryCapacityKwh} hint={t.batteryHint} inputMode="text" optional maxLength={8} />
        </div>
        {lowered && previousKm !== null && (
          <TextField {...form.field('odometerNote')} label={t.fields.odometerNote} hint={t.odometerNoteHint(t.km(previousKm))} maxLength={200} required />
        )}
        <TextField {...form.field('nickname')} label={t.fields.nickname} optional maxLength={50} />
        <div className={formStyles.actions}>
          <button type="submit" className={formStyles.primary} disabled={saving}>
            {saving ? t.saving : t.save}
          </button>
          <button type="button" className={formStyles.secondary} onClick={onCancel} disabled={saving}>
            {t.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
