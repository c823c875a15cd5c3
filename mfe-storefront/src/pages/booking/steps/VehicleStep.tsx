import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { loginRedirectPath } from 'shared-contracts';
import { VEHICLE_TYPE_LABELS } from '../../../i18n/catalogueLabels';
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

function VehicleFields({ draft, errors, onChange }: { draft: VehicleDraft; errors: VehicleErrors; onChange: (draft: VehicleDraft) => void }) {
  const [plateTouched, setPlateTouched] = useState(false);
  const plateError = errors.licensePlate ?? (plateTouched ? plateMessage(draft) : undefined);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t.vehicleLegend}</legend>
      <div className={styles.pair}>
        <SelectInput
          name="type"
          label={t.fields.type}
          placeholder={t.choose.type}
          options={VEHICLE_TYPE_OPTIONS}
          value={draft.type}
          error={errors.type}
          onChange={(value) => onChange(withType(draft, isVehicleType(value) ? value : ''))}
        />
        <SelectInput
          name="brand"
          label={t.fields.brand}
          placeholder={draft.type ? t.choose.brand : t.chooseTypeFirst}
          options={brandOptions(draft.type)}
          value={draft.brand}
          error={errors.brand}
          disabled={!draft.type}
          onChange={(value) => onChange(withBrand(draft, value))}
        />
        <SelectInput
          name="model"
          label={t.fields.model}
          placeholder={draft.brand ? t.choose.model : t.chooseBrandFirst}
          options={modelOptions(draft.type, draft.brand)}
          value={draft.model}
          error={errors.model}
          disabled={!draft.brand}
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
  const vehicleErrors: VehicleErrors = attempted && adding ? validateVehicle(draft) : {};
  const contactErrors: ContactErrors = attempted && guest ? validateContact(state.contact) : {};
  const missingChoice = attempted && !adding && !state.vehicle;

  const changeDraft = (next: VehicleDraft) => {
    setDraft(next);
    dispatch({ type: 'vehicleChosen', vehicle: { kind: 'new', vehicle: next } });
  };

  const onNext = () => {
    const invalid =
      (adding && Object.keys(validateVehicle(draft)).length > 0) ||
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
      {adding && <VehicleFields draft={draft} errors={vehicleErrors} onChange={changeDraft} />}
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
