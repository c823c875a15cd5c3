import { useEffect, useRef, useState } from 'react';
import type { Vehicle } from 'shared-contracts/schemas';
import { failureMessage, fieldErrorsOf } from '../../api/apiErrors';
import { FormNotice, SelectField, TextField } from '../../forms/Fields';
import { serviceApi } from '../../service/serviceApi';
import {
  brandOptions,
  EMPTY_VEHICLE,
  modelOptions,
  odometerLowered,
  plateMessage,
  platePreview,
  validateVehicle,
  valuesOf,
  vehicleInput,
  VEHICLE_TYPES,
  vinIsRequired,
  withBrand,
  withModel,
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
}

/** Add or edit a vehicle: brand and model from the catalogue, plate checked and normalised as typed. */
export function VehicleForm({ vehicle, onSaved, onCancel }: Props) {
  const previousKm = vehicle ? vehicle.odometerKm : null;
  const form = useVehicleForm(vehicle ? valuesOf(vehicle) : EMPTY_VEHICLE, (values) => validateVehicle(values, previousKm));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [plateTouched, setPlateTouched] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { values } = form;
  const { min, max } = yearRange();

  useEffect(() => heading.current?.focus(), []);

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
            options={brandOptions(values.type)}
            placeholder={values.type ? t.choose.brand : t.chooseTypeFirst}
            disabled={!values.type}
            required
          />
          <SelectField
            {...form.field('model', withModel)}
            label={t.fields.model}
            options={modelOptions(values.type, values.brand)}
            placeholder={values.brand ? t.choose.model : t.chooseBrandFirst}
            disabled={!values.brand}
            required
          />
        </div>
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
