import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { FITMENT_YEAR_MIN } from 'shared-contracts/pricing';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { chooseVehicle, clearChosenVehicle, useChosenVehicle, useSignedInUserId, vehicleName, type ChosenVehicle } from './chosenVehicle';
import { fitText as text } from './fitText';
import { vehicleFitApi, type ModelOption, type SavedVehicle } from './vehicleFitApi';
import styles from './VehicleFit.module.css';

/** The variant's part of a model's name under its brand: 'Feliz S', 'VF 8 Plus'. */
function modelName(option: ModelOption): string {
  return option.variant ? `${option.model} ${option.variant}` : option.model;
}

/** The model years offered for a model, newest first (its production years; to next year while still made). */
export function modelYears(option: Pick<ModelOption, 'yearFrom' | 'yearTo'>, now: Date = new Date()): number[] {
  const last = option.yearTo ?? now.getFullYear() + 1;
  const first = Math.max(option.yearFrom ?? FITMENT_YEAR_MIN, FITMENT_YEAR_MIN);
  const years: number[] = [];
  for (let year = last; year >= first; year -= 1) years.push(year);
  return years;
}

const readModels = (signal: AbortSignal) => vehicleFitApi.models(signal);

/** A guest's (or "Xe khác") pick: brand, then model or variant, then year, from the reference models. */
function ModelPicker({ onPick, idPrefix }: { onPick: (vehicle: ChosenVehicle) => void; idPrefix: string }) {
  const models = useAsync(readModels, {});
  const loaded = loadedOf(models.state);
  const [brand, setBrand] = useState('');
  const [modelId, setModelId] = useState('');
  const [year, setYear] = useState('');

  const active = useMemo(() => (loaded.status === 'ready' ? loaded.data.filter((option) => option.active) : []), [loaded]);
  const brands = useMemo(() => [...new Set(active.map((option) => option.brand))].sort((a, b) => a.localeCompare(b, 'vi')), [active]);
  const ofBrand = useMemo(() => active.filter((option) => option.brand === brand).sort((a, b) => modelName(a).localeCompare(modelName(b), 'vi')), [active, brand]);
  const chosenModel = ofBrand.find((option) => String(option.id) === modelId) ?? null;
  const years = chosenModel ? modelYears(chosenModel) : [];

  if (loaded.status === 'loading') return <p className={styles.muted}>{text.loading}</p>;
  if (loaded.status === 'failed') {
    return (
      <div role="alert" className={styles.error}>
        <p>{loaded.message || text.failed}</p>
        <button type="button" className={styles.secondary} onClick={() => models.reload('fresh')}>
          {text.retry}
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosenModel || !year) return;
    onPick({ modelId: chosenModel.id, year: Number(year), label: chosenModel.label, vehicleId: null, userId: null });
  };

  return (
    <form className={styles.picker} onSubmit={submit} aria-label={text.other}>
      <label className={styles.field} htmlFor={`${idPrefix}-brand`}>
        <span>{text.brand}</span>
        <select
          id={`${idPrefix}-brand`}
          value={brand}
          onChange={(event) => {
            setBrand(event.target.value);
            setModelId('');
            setYear('');
          }}
        >
          <option value="">{text.pickBrand}</option>
          {brands.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field} htmlFor={`${idPrefix}-model`}>
        <span>{text.model}</span>
        <select
          id={`${idPrefix}-model`}
          value={modelId}
          disabled={!brand}
          onChange={(event) => {
            setModelId(event.target.value);
            setYear('');
          }}
        >
          <option value="">{text.pickModel}</option>
          {ofBrand.map((option) => (
            <option key={option.id} value={option.id}>
              {modelName(option)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field} htmlFor={`${idPrefix}-year`}>
        <span>{text.year}</span>
        <select id={`${idPrefix}-year`} value={year} disabled={!chosenModel} onChange={(event) => setYear(event.target.value)}>
          <option value="">{text.pickYear}</option>
          {years.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={styles.primary} disabled={!chosenModel || !year}>
        {text.confirm}
      </button>
    </form>
  );
}

/** The signed-in customer's saved vehicles, each offered with its model and year (a vehicle without a model is named, not offered). */
function SavedVehicles({ vehicles, userId, onPick }: { vehicles: SavedVehicle[]; userId: string; onPick: (vehicle: ChosenVehicle) => void }) {
  return (
    <ul className={styles.saved} aria-label={text.savedHeading}>
      {vehicles.map((vehicle) => {
        const model = vehicle.vehicleModel ?? null;
        const name = model ? vehicleName({ label: model.label, year: vehicle.year }) : `${vehicle.brand} ${vehicle.year}`;
        return (
          <li key={vehicle.id}>
            {model ? (
              <button
                type="button"
                className={styles.savedButton}
                aria-label={text.savedPick(`${name} (${vehicle.licensePlate})`)}
                onClick={() => onPick({ modelId: model.id, year: vehicle.year, label: model.label, vehicleId: vehicle.id, userId })}
              >
                <span className={styles.savedName}>{vehicle.nickname ? `${vehicle.nickname}: ${name}` : name}</span>
                <span className={styles.muted}>{vehicle.licensePlate}</span>
              </button>
            ) : (
              <p className={styles.savedNoModel}>
                <span>
                  {vehicle.nickname ?? name} ({vehicle.licensePlate}): {text.savedNoModel}
                </span>
                <span className={styles.muted}>{text.savedNoModelHint}</span>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "Xe của bạn": the vehicle the shop checks parts against. A customer is offered their saved vehicles; a guest
 * (or "Xe khác") picks brand, model and year. The choice stays in this browser; "Bỏ chọn xe" forgets it.
 */
export function VehicleChooser() {
  const vehicle = useChosenVehicle();
  const [open, setOpen] = useState(false);
  const [other, setOther] = useState(false);
  const id = useId();
  const userId = useSignedInUserId();

  const readSaved = useCallback((signal: AbortSignal) => vehicleFitApi.savedVehicles(signal), []);
  const saved = useAsync(readSaved, { enabled: open && userId !== null, reloadKey: userId });
  const savedState = loadedOf(saved.state);
  const savedVehicles = userId !== null && savedState.status === 'ready' ? savedState.data : [];
  const anyWithModel = savedVehicles.some((entry) => entry.vehicleModel);
  // a guest, a customer without a vehicle with a model, or "Xe khác": the brand/model/year picker
  const showPicker = userId === null || other || (savedState.status !== 'loading' && !anyWithModel);

  const pick = (next: ChosenVehicle) => {
    chooseVehicle(next);
    setOpen(false);
    setOther(false);
  };

  const headingId = `${id}-heading`;
  const panelId = `${id}-panel`;
  return (
    <section className={styles.chooser} aria-labelledby={headingId} data-testid="vehicle-chooser">
      <div className={styles.summary}>
        <h2 id={headingId} className={styles.heading}>
          {text.heading}
        </h2>
        <p className={vehicle ? styles.chosen : styles.muted} data-testid="chosen-vehicle">
          {vehicle ? vehicleName(vehicle) : text.none}
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((shown) => !shown)}>
            {open ? text.cancel : vehicle ? text.change : text.choose}
          </button>
          {vehicle && (
            <button type="button" className={styles.linkButton} onClick={() => clearChosenVehicle()}>
              {text.clear}
            </button>
          )}
        </div>
      </div>
      {open && (
        <div id={panelId} className={styles.panel}>
          {userId !== null && savedState.status === 'loading' && <p className={styles.muted}>{text.loading}</p>}
          {userId !== null && savedState.status === 'failed' && (
            <p role="alert" className={styles.error}>
              {savedState.message}
            </p>
          )}
          {savedVehicles.length > 0 && (
            <>
              <h3 className={styles.subheading}>{text.savedHeading}</h3>
              <SavedVehicles vehicles={savedVehicles} userId={userId!} onPick={pick} />
            </>
          )}
          {showPicker ? (
            <ModelPicker onPick={pick} idPrefix={id} />
          ) : (
            <button type="button" className={styles.linkButton} onClick={() => setOther(true)}>
              {text.other}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
