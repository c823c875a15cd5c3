import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { loginRedirectPath } from 'shared-contracts';
import { ErrorState } from '../../../components/Async';
import { loadedOf, useAsync, type Async } from '../../../hooks/useAsync';
import { VEHICLE_TYPE_LABELS } from '../../../i18n/catalogueLabels';
import { vehicleFitApi, type ModelOption } from '../../../vehicleFit';
import { EMPTY_VEHICLE, type VehicleDraft } from '../bookingReducer';
import { bookingText as t } from '../bookingText';
import { SelectInput, StepActions, TextInput } from '../BookingFields';
import {
  brandOptions,
  isVehicleType,
  modelOptions,
  plateMessage,
  platePreview,
  validateContact,
  validateVehicle,
  VEHICLE_TYPE_OPTIONS,
  withBrand,
  withType,
  type ContactErrors,
  type VehicleErrors,
} from '../vehicleForm';
import styles from '../BookingPage.module.css';
import type { StepProps } from './stepProps';
import { useFocusFirstInvalid } from './useFocusFirstInvalid';

const NO_MODELS: readonly ModelOption[] = [];
const readModels = (signal: AbortSignal) => vehicleFitApi.models(signal);

/** The reference models loaded, or none while they load or after a failure. */
const modelsOf = (models: Async<ModelOption[]>): readonly ModelOption[] => models.state.data ?? NO_MODELS;

interface VehicleFieldsProps {
  draft: VehicleDraft;
  errors: VehicleErrors;
  onChange: (draft: VehicleDraft) => void;
  /** GET /api/vehicle-models: the brands and models offered. */
  models: Async<ModelOption[]>;
}

function VehicleFields({ draft, errors, onChange, models }: VehicleFieldsProps) {
  const [plateTouched, setPlateTouched] = useState(false);
  const plateError = errors.licensePlate ?? (plateTouched ? plateMessage(draft) : undefined);
  const loaded = loadedOf(models.state);
  const list = modelsOf(models);
  const loading = loaded.status === 'loading';
  const ready = loaded.status === 'ready';
  return (
    <fieldset className={styles.fieldset} aria-busy={loading || undefined}>
      <legend className={styles.legend}>{t.vehicleLegend}</legend>
      <div className={styles.pair}>
        <SelectInput
          name="type"
          label={t.fields.type}
          placeholder={t.choose.type}
          options={VEHICLE_TYPE_OPTIONS}
          value={draft.type}
          error={errors.type}
          onChange={(value) => onChange(withType(draft, isVehicleType(value) ? value : '', list))}
        />
        <SelectInput
          name="brand"
          label={t.fields.brand}
          placeholder={!draft.type ? t.chooseTypeFirst : loading ? t.loadingModels : t.choose.brand}
          options={brandOptions(list, draft.type)}
          value={draft.brand}
          error={errors.brand}
          disabled={!draft.type || !ready}
          onChange={(value) => onChange(withBrand(draft, value))}
        />
        <SelectInput
          name="model"
          label={t.fields.model}
          placeholder={loading && draft.type ? t.loadingModels : draft.brand ? t.choose.model : t.chooseBrandFirst}
          options={modelOptions(list, draft.type, draft.brand)}
          value={draft.model}
          error={errors.model}
          disabled={!draft.brand || !ready}
          onChange={(value) => onChange({ ...draft, model: value })}
        />
        <TextInput
          name="licensePlate"
          label={t.fields.licensePlate}
          autoComplete="off"
          maxLength={30}
          value={draft.licensePlate}
          hint={t.plateHint}
          error={plateError}
          preview={platePreview(draft)}
          onBlur={() => setPlateTouched(true)}
          onChange={(value) => onChange({ ...draft, licensePlate: value })}
        />
      </div>
      {loaded.status === 'failed' && <ErrorState message={t.modelsFailed(loaded.message)} onRetry={() => models.reload('fresh')} />}
    </fieldset>
  );
}

/**
 * Step 1. A logged-in customer picks one of their vehicles or describes a new one; a guest gives a name, phone
 * and email and describes the vehicle.
 */
export function VehicleStep({ state, dispatch, guest, catalogue }: StepProps) {
  const location = useLocation();
  const { container, refused, attempted } = useFocusFirstInvalid<HTMLDivElement>();
  const initialDraft = state.vehicle?.kind === 'new' ? state.vehicle.vehicle : EMPTY_VEHICLE;
  const [draft, setDraft] = useState<VehicleDraft>(initialDraft);
  const adding = guest || state.vehicle?.kind === 'new' || catalogue.vehicles.length === 0;
  // The brands and models are the reference table's ("Dòng xe"), read when a vehicle is described.
  const models = useAsync(readModels, { enabled: adding });
  const vehicleErrors: VehicleErrors = attempted && adding ? validateVehicle(draft, modelsOf(models)) : {};
  const contactErrors: ContactErrors = attempted && guest ? validateContact(state.contact) : {};
  const missingChoice = attempted && !adding && !state.vehicle;

  const changeDraft = (next: VehicleDraft) => {
    setDraft(next);
    dispatch({ type: 'vehicleChosen', vehicle: { kind: 'new', vehicle: next } });
  };

  const onNext = () => {
    const invalid =
      (adding && Object.keys(validateVehicle(draft, modelsOf(models))).length > 0) ||
      (guest && Object.keys(validateContact(state.contact)).length > 0) ||
      (!adding && !state.vehicle);
    if (invalid) {
      refused();
      return;
    }
    if (adding) dispatch({ type: 'vehicleChosen', vehicle: { kind: 'new', vehicle: draft } });
    dispatch({ type: 'next' });
  };

  const hasErrors = Object.keys(vehicleErrors).length > 0 || Object.keys(contactErrors).length > 0 || missingChoice;
  const contact = state.contact;
  return (
    <div ref={container} className={styles.wizard}>
      {guest ? (
        <>
          <p className={styles.muted}>
            {t.guestIntro} <Link to={loginRedirectPath(`${location.pathname}${location.search}`)}>{t.guestLogin}</Link>
          </p>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t.contactLegend}</legend>
            <div className={styles.pair}>
              <TextInput
                name="fullName"
                label={t.fields.fullName}
                autoComplete="name"
                maxLength={100}
                value={contact.fullName}
                error={contactErrors.fullName}
                onChange={(value) => dispatch({ type: 'contactChanged', contact: { ...contact, fullName: value } })}
              />
              <TextInput
                name="phone"
                type="tel"
                inputMode="tel"
                label={t.fields.phone}
                autoComplete="tel"
                maxLength={20}
                value={contact.phone}
                error={contactErrors.phone}
                onChange={(value) => dispatch({ type: 'contactChanged', contact: { ...contact, phone: value } })}
              />
              <TextInput
                name="email"
                type="email"
                label={t.fields.email}
                autoComplete="email"
                maxLength={254}
                value={contact.email}
                error={contactErrors.email}
                onChange={(value) => dispatch({ type: 'contactChanged', contact: { ...contact, email: value } })}
              />
            </div>
          </fieldset>
        </>
      ) : (
        <fieldset className={styles.fieldset} aria-describedby={missingChoice ? 'booking-vehicle-error' : undefined}>
          <legend className={styles.legend}>{t.savedVehiclesLegend}</legend>
          {catalogue.vehicles.length === 0 && <p className={styles.muted}>{t.noVehicles}</p>}
          <ul className={styles.options}>
            {catalogue.vehicles.map((vehicle) => (
              <li key={vehicle.id}>
                <label className={styles.option}>
                  <input
                    type="radio"
                    name="vehicle"
                    checked={state.vehicle?.kind === 'saved' && state.vehicle.vehicleId === vehicle.id}
                    onChange={() => dispatch({ type: 'vehicleChosen', vehicle: { kind: 'saved', vehicleId: vehicle.id } })}
                  />
                  <span className={styles.optionText}>
                    <span className={styles.optionTitle}>{vehicle.licensePlate}</span>
                    <span className={styles.muted}>
                      {vehicle.brand} {vehicle.model} · {VEHICLE_TYPE_LABELS[vehicle.type]}
                    </span>
                  </span>
                </label>
              </li>
            ))}
            {catalogue.vehicles.length > 0 && (
              <li>
                <label className={styles.option}>
                  <input type="radio" name="vehicle" checked={state.vehicle?.kind === 'new'} onChange={() => changeDraft(draft)} />
                  <span className={styles.optionText}>
                    <span className={styles.optionTitle}>{t.addVehicle}</span>
                  </span>
                </label>
              </li>
            )}
          </ul>
          {missingChoice && (
            <p id="booking-vehicle-error" className={styles.error}>
              {t.required.vehicle}
            </p>
          )}
          <p className={styles.muted}>
            <Link to="/my-vehicles">{t.manageVehicles}</Link>
          </p>
        </fieldset>
      )}
      {adding && <VehicleFields draft={draft} errors={vehicleErrors} onChange={changeDraft} models={models} />}
      {hasErrors && (
        <p className={styles.failure} role="alert">
          {t.fixErrors}
        </p>
      )}
      <StepActions>
        <button type="button" className={styles.primary} onClick={onNext}>
          {t.next}
        </button>
      </StepActions>
    </div>
  );
}
