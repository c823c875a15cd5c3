import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorDataOf, formatVnd } from 'shared-contracts';
import { vietnamClockOf } from 'shared-contracts/calendar';
import { VEHICLE_TYPE_LABELS } from 'shared-contracts/labels';
import type { CustomerSearchResult, StaffCustomerDetail, VehicleModelRecord, VehicleType, WalkInInput } from 'shared-contracts/schemas';
import { findVehicleModelByName, licensePlateError, vehicleModelBrands, vehicleModelName } from 'shared-contracts/vehicle';
import { ERROR_CODES } from 'shared-contracts/errors';
import { fieldErrorsOf, messageOf } from '../api/apiErrors';
import { ModalDialog } from '../components/ModalDialog';
import { useAsync } from '../hooks/useAsync';
import { frontDeskApi, type WalkInResult } from './frontDeskApi';
import { frontDeskText } from './frontDeskText';
import styles from './FrontDesk.module.css';

const t = frontDeskText.walkIn;
const readServices = (signal: AbortSignal) => frontDeskApi.services(signal);
const readModels = (signal: AbortSignal) => frontDeskApi.vehicleModels(signal);
const NO_MODELS: readonly VehicleModelRecord[] = [];
const VEHICLE_TYPES = Object.keys(VEHICLE_TYPE_LABELS) as VehicleType[];
const OTHER_VEHICLE = 'other';

interface Props {
  onClose: () => void;
  onCreated: (appointment: WalkInResult) => void;
}

interface SlotRef {
  start: string;
  time?: string;
}

/** The next free slots a 409 SLOT_FULL carries (at the top of the body, or in its data). */
export function nextSlotsOf(error: unknown): SlotRef[] | null {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.SLOT_FULL) return null;
  const slots = ((error.body ?? {}) as { nextSlots?: unknown }).nextSlots ?? errorDataOf(error)?.nextSlots;
  return Array.isArray(slots) ? (slots.filter((slot) => typeof slot?.start === 'string') as SlotRef[]) : [];
}

/** The type of a customer's vehicle, found from its brand and model among the reference models (null when unknown). */
function typeOfVehicle(models: readonly VehicleModelRecord[], brand: string, model: string): VehicleType | null {
  return findVehicleModelByName(models, brand, model)?.type ?? null;
}

/** The active reference models of a type, in the API's order (brand, model, variant). */
const modelsOfType = (models: readonly VehicleModelRecord[], type: VehicleType) => models.filter((entry) => entry.active && entry.type === type);

type Errors = Partial<Record<'fullName' | 'phone' | 'email' | 'type' | 'brand' | 'model' | 'licensePlate' | 'serviceIds' | 'vehicle' | 'note', string>>;

/** S2: a customer at the counter, booked into the next free 30-minute step from now. */
export function WalkInDialog({ onClose, onCreated }: Props) {
  const ids = {
    find: useId(),
    fullName: useId(),
    phone: useId(),
    email: useId(),
    type: useId(),
    brand: useId(),
    model: useId(),
    plate: useId(),
    note: useId(),
  };
  const [findText, setFindText] = useState('');
  const [found, setFound] = useState<CustomerSearchResult[] | null>(null);
  const [findMessage, setFindMessage] = useState<string | null>(null);
  const [customer, setCustomer] = useState<StaffCustomerDetail | null>(null);
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [vehicleChoice, setVehicleChoice] = useState(OTHER_VEHICLE);
  const [type, setType] = useState<VehicleType>('scooter');
  const [brand, setBrand] = useState('');
  const [model, setModel] = useState('');
  const [plate, setPlate] = useState('');
  const { state: servicesLoad } = useAsync(readServices, { failedText: frontDeskText.loadFailed });
  const services = servicesLoad.data ?? null;
  const servicesFailed = servicesLoad.error;
  // The brands and models are the reference table's ("Dòng xe"): a model an admin adds can be walked in at once.
  const { state: modelsLoad, reload: reloadModels } = useAsync(readModels, { failedText: frontDeskText.loadFailed });
  const models = modelsLoad.data ?? NO_MODELS;
  const modelsReady = modelsLoad.data !== undefined;
  const modelsLoading = !modelsReady && modelsLoad.error === null;
  const ofType = modelsOfType(models, type);
  const [serviceIds, setServiceIds] = useState<number[]>([]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [nextSlots, setNextSlots] = useState<SlotRef[] | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const chosenVehicle = customer?.vehicles.find((vehicle) => String(vehicle.id) === vehicleChoice) ?? null;
  const vehicleType: VehicleType | null = chosenVehicle ? typeOfVehicle(models, chosenVehicle.brand, chosenVehicle.model) : type;
  const offered = (services ?? []).filter((service) => vehicleType === null || service.vehicleTypes.includes(vehicleType));

  const findCustomers = async () => {
    const q = findText.trim();
    if (q.length < 2) {
      setFindMessage(frontDeskText.customers.minLength);
      return;
    }
    setFindMessage(frontDeskText.customers.searching);
    try {
      const list = await frontDeskApi.searchCustomers(q);
      setFound(list);
      setFindMessage(list.length === 0 ? t.noCustomer : null);
    } catch (error) {
      setFindMessage(messageOf(error, frontDeskText.loadFailed));
    }
  };

  const chooseCustomer = async (summary: CustomerSearchResult) => {
    try {
      // Asked with what found them: another centre's customer is shown (name, phone, vehicles) only for it.
      const detail = await frontDeskApi.customer(summary.id, undefined, findText.trim());
      setCustomer(detail);
      setFullName(detail.fullName);
      setPhone(detail.phone ?? '');
      // Another centre's customer comes without email: the counter asks for it.
      setEmail(detail.access === 'full' ? detail.email : '');
      setVehicleChoice(detail.vehicles[0] ? String(detail.vehicles[0].id) : OTHER_VEHICLE);
      setFound(null);
      setFindMessage(detail.access === 'full' ? t.chosenCustomer(detail.fullName) : `${t.chosenCustomer(detail.fullName)}. ${t.askEmail}`);
    } catch (error) {
      setFindMessage(messageOf(error, frontDeskText.loadFailed));
    }
  };

  const toggleService = (id: number) => setServiceIds((current) => (current.includes(id) ? current.filter((value) => value !== id) : [...current, id]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Errors = {};
    if (!fullName.trim()) problems.fullName = t.nameRequired;
    if (!phone.trim()) problems.phone = t.phoneRequired;
    // Name and phone are enough; an email given must look like one.
    if (email.trim() !== '' && !/^\S+@\S+\.\S+$/.test(email.trim())) problems.email = t.emailInvalid;
    if (!chosenVehicle) {
      if (!brand || !model) problems.model = t.modelRequired;
      const plateProblem = licensePlateError(plate, type);
      if (plateProblem) problems.licensePlate = plateProblem;
    }
    const chosenServices = serviceIds.filter((id) => offered.some((service) => service.id === id));
    if (chosenServices.length === 0) problems.serviceIds = t.servicesRequired;
    setErrors(problems);
    setServerError(null);
    setNextSlots(null);
    if (Object.keys(problems).length > 0) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const input: WalkInInput = {
      contact: { fullName: fullName.trim(), phone: phone.trim(), ...(email.trim() ? { email: email.trim() } : {}) },
      serviceIds: chosenServices,
      note: note.trim() || null,
      ...(chosenVehicle ? { vehicleId: chosenVehicle.id } : { vehicle: { type, brand, model, licensePlate: plate.trim() } }),
    };
    setBusy(true);
    try {
      onCreated(await frontDeskApi.walkIn(input));
    } catch (error) {
      setServerError(messageOf(error, frontDeskText.actionFailed));
      setNextSlots(nextSlotsOf(error));
      setErrors(fieldErrorsOf(error) as Errors);
    } finally {
      setBusy(false);
    }
  };

  const invalid = (key: keyof Errors) => (errors[key] ? true : undefined);
  const errorLine = (key: keyof Errors, id: string) =>
    errors[key] ? (
      <p id={`${id}-error`} className={styles.fieldError}>
        {errors[key]}
      </p>
    ) : null;
  const describedBy = (key: keyof Errors, id: string) => (errors[key] ? `${id}-error` : undefined);

  return (
    <ModalDialog title={t.title} description={t.intro} onClose={onClose}>
      <div className={styles.fieldset}>
        <div className={styles.field}>
          <label htmlFor={ids.find}>{t.findCustomer}</label>
          <div className={styles.actions}>
            <input
              id={ids.find}
              type="search"
              className={styles.input}
              placeholder={t.findPlaceholder}
              value={findText}
              onChange={(event) => setFindText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void findCustomers();
                }
              }}
            />
            <button type="button" className={styles.secondary} onClick={() => void findCustomers()}>
              {t.findButton}
            </button>
          </div>
        </div>
        <p role="status" className={styles.hint}>
          {findMessage ?? ''}
        </p>
        {found && found.length > 0 && (
          <ul className={styles.plainList}>
            {found.map((summary) => (
              <li key={summary.id}>
                <button type="button" className={styles.secondary} onClick={() => void chooseCustomer(summary)}>
                  {t.chooseCustomer(summary.fullName)}
                </button>{' '}
                <span className={styles.muted}>
                  {[summary.phone, summary.access === 'full' ? summary.email : frontDeskText.customers.otherCentre, summary.plates.join(', ')].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <form ref={form} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className={styles.fieldset}>
          <legend>{t.contact}</legend>
          <div className={styles.formRow}>
            <div className={styles.field}>
              <label htmlFor={ids.fullName}>{t.fullName}</label>
              <input id={ids.fullName} className={styles.input} autoComplete="off" value={fullName} onChange={(event) => setFullName(event.target.value)} aria-invalid={invalid('fullName')} aria-describedby={describedBy('fullName', ids.fullName)} />
              {errorLine('fullName', ids.fullName)}
            </div>
            <div className={styles.field}>
              <label htmlFor={ids.phone}>{t.phone}</label>
              <input id={ids.phone} type="tel" className={styles.input} autoComplete="off" value={phone} onChange={(event) => setPhone(event.target.value)} aria-invalid={invalid('phone')} aria-describedby={describedBy('phone', ids.phone)} />
              {errorLine('phone', ids.phone)}
            </div>
            <div className={styles.field}>
              <label htmlFor={ids.email}>{t.email}</label>
              <input
                id={ids.email}
                type="email"
                className={styles.input}
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={invalid('email')}
                aria-describedby={[`${ids.email}-hint`, describedBy('email', ids.email)].filter(Boolean).join(' ')}
              />
              <p id={`${ids.email}-hint`} className={styles.hint}>
                {t.emailHint}
              </p>
              {errorLine('email', ids.email)}
            </div>
          </div>
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>{t.vehicle}</legend>
          {customer && customer.vehicles.length > 0 && (
            <div className={styles.plainList}>
              {customer.vehicles.map((vehicle) => (
                <label key={vehicle.id} className={styles.choice}>
                  <input type="radio" name="walk-in-vehicle" value={String(vehicle.id)} checked={vehicleChoice === String(vehicle.id)} onChange={() => setVehicleChoice(String(vehicle.id))} />
                  {t.existingVehicle(vehicle.licensePlate, `${vehicle.brand} ${vehicle.model}`)}
                </label>
              ))}
              <label className={styles.choice}>
                <input type="radio" name="walk-in-vehicle" value={OTHER_VEHICLE} checked={vehicleChoice === OTHER_VEHICLE} onChange={() => setVehicleChoice(OTHER_VEHICLE)} />
                {t.otherVehicle}
              </label>
            </div>
          )}
          {!chosenVehicle && (
            <div className={styles.formRow}>
              <div className={styles.field}>
                <label htmlFor={ids.type}>{t.vehicleType}</label>
                <select
                  id={ids.type}
                  className={styles.select}
                  value={type}
                  onChange={(event) => {
                    setType(event.target.value as VehicleType);
                    setBrand('');
                    setModel('');
                  }}
                >
                  {VEHICLE_TYPES.map((value) => (
                    <option key={value} value={value}>
                      {VEHICLE_TYPE_LABELS[value]}
                    </option>
                  ))}
                </select>
              </div>
              <div className={styles.field}>
                <label htmlFor={ids.brand}>{t.brand}</label>
                <select
                  id={ids.brand}
                  className={styles.select}
                  value={brand}
                  disabled={!modelsReady}
                  aria-busy={modelsLoading || undefined}
                  onChange={(event) => {
                    setBrand(event.target.value);
                    setModel('');
                  }}
                >
                  <option value="">{modelsLoading ? t.modelsLoading : t.choose}</option>
                  {vehicleModelBrands(ofType).map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </div>
              <div className={styles.field}>
                <label htmlFor={ids.model}>{t.model}</label>
                <select
                  id={ids.model}
                  className={styles.select}
                  value={model}
                  disabled={!modelsReady}
                  onChange={(event) => setModel(event.target.value)}
                  aria-invalid={invalid('model')}
                  aria-describedby={describedBy('model', ids.model)}
                >
                  <option value="">{modelsLoading ? t.modelsLoading : t.choose}</option>
                  {ofType
                    .filter((entry) => entry.brand === brand)
                    .map((entry) => (
                      <option key={entry.id} value={vehicleModelName(entry)}>
                        {vehicleModelName(entry)}
                      </option>
                    ))}
                </select>
                {errorLine('model', ids.model)}
              </div>
              <div className={styles.field}>
                <label htmlFor={ids.plate}>{t.plate}</label>
                <input id={ids.plate} className={styles.input} autoComplete="off" value={plate} onChange={(event) => setPlate(event.target.value)} aria-invalid={invalid('licensePlate')} aria-describedby={describedBy('licensePlate', ids.plate)} />
                {errorLine('licensePlate', ids.plate)}
              </div>
            </div>
          )}
          {!chosenVehicle && modelsLoad.error && !modelsReady && (
            <div role="alert" className={styles.fieldError}>
              <p style={{ margin: 0 }}>{t.modelsFailed(modelsLoad.error)}</p>
              <button type="button" className={styles.secondary} onClick={() => reloadModels('fresh')}>
                {frontDeskText.retry}
              </button>
            </div>
          )}
          {errors.vehicle && <p className={styles.fieldError}>{errors.vehicle}</p>}
        </fieldset>

        <fieldset className={styles.fieldset} aria-describedby={errors.serviceIds ? 'walk-in-services-error' : undefined}>
          <legend>{t.services}</legend>
          {!services && !servicesFailed && <p>{t.servicesLoading}</p>}
          {servicesFailed && <p className={styles.fieldError}>{servicesFailed}</p>}
          {offered.map((service) => (
            <label key={service.id} className={styles.choice}>
              <input type="checkbox" checked={serviceIds.includes(service.id)} onChange={() => toggleService(service.id)} aria-invalid={invalid('serviceIds')} />
              {t.serviceOption(service.name, formatVnd(service.price), service.durationMinutes)}
            </label>
          ))}
          {errors.serviceIds && (
            <p id="walk-in-services-error" className={styles.fieldError}>
              {errors.serviceIds}
            </p>
          )}
        </fieldset>

        <div className={styles.field}>
          <label htmlFor={ids.note}>{t.note}</label>
          <textarea id={ids.note} className={styles.textarea} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
        </div>

        <div role="alert">
          {serverError && (
            <div className={styles.alert}>
              <p style={{ margin: 0 }}>{serverError}</p>
              {nextSlots && (
                <>
                  <p style={{ margin: '8px 0 0' }}>{nextSlots.length > 0 ? t.nextSlots : t.noNextSlots}</p>
                  {nextSlots.length > 0 && (
                    <ul className={styles.list}>
                      {nextSlots.map((slot) => (
                        <li key={slot.start}>
                          <time dateTime={slot.start}>{slot.time ?? vietnamClockOf(slot.start)}</time>
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
            </div>
          )}
        </div>

        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? t.submitting : t.submit}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {frontDeskText.back}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
