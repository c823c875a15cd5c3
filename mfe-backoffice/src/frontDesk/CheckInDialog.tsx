import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, formatDateTime } from 'shared-contracts';
import { DIAGNOSIS_SYMPTOMS_MAX, type SymptomCode } from 'shared-contracts/diagnostics';
import type { CheckInInput, ServiceOrderDetail, StaffAppointment } from 'shared-contracts/schemas';
import { vietnamDateOf } from 'shared-contracts/calendar';
import { ERROR_CODES } from 'shared-contracts/errors';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { ModalDialog } from '../components/ModalDialog';
import { useAsync } from '../hooks/useAsync';
import { frontDeskApi } from './frontDeskApi';
import { frontDeskText } from './frontDeskText';
import { inVocabularyOrder } from 'shared-contracts/diagnostics';
import { serviceOrderLink } from '../layout/links';
import { SymptomPicker } from './SymptomPicker';
import { RecallFlags } from '../recalls';
import styles from './FrontDesk.module.css';

const t = frontDeskText.checkIn;
const readTechnicians = (signal: AbortSignal) => frontDeskApi.technicians(signal);
const readBays = async (signal: AbortSignal) => frontDeskApi.bays(signal);
const ODOMETER_MAX = 1_000_000;
const TEXT_MAX = 500;
const km = (value: number) => value.toLocaleString('vi-VN');

interface Props {
  appointment: StaffAppointment;
  /** The centre's number of bays (the bay choices are 1..serviceBays). */
  serviceBays: number;
  onClose: () => void;
  /** The service order was opened (201). */
  onCheckedIn: (order: ServiceOrderDetail) => void;
  /** The server said the appointment changed meanwhile (409): the list behind should reload. */
  onStale?: () => void;
}

type Errors = Partial<Record<'odometerKm' | 'customerConcern' | 'intakeNote' | 'technicianId' | 'bayNo' | 'symptoms', string>>;

/** The odometer's problem, or null: a whole number between the last reading and 1 000 000. */
export function odometerError(text: string, lastKm: number | null): string | null {
  const value = text.trim();
  if (value === '') return t.odometerRequired;
  if (!/^\d+$/.test(value)) return t.odometerInteger;
  const number = Number(value);
  if (number > ODOMETER_MAX) return t.odometerTooHigh;
  if (lastKm !== null && number < lastKm) return t.odometerTooLow(km(lastKm));
  return null;
}

/**
 * S3: the check-in form (odometer prefilled with the last reading, concern, the symptoms, optional technician and
 * bay). The symptoms the booking recorded come pre-ticked; staff confirm them, untick what the vehicle does not
 * show and add their own (at most DIAGNOSIS_SYMPTOMS_MAX). The chosen ones are sent whenever the row said what the
 * booking recorded (an empty choice then clears them); a row that did not say sends only a choice staff made.
 */
export function CheckInDialog({ appointment, serviceBays, onClose, onCheckedIn, onStale }: Props) {
  const ids = { odometer: useId(), concern: useId(), note: useId(), technician: useId(), bay: useId(), symptoms: useId() };
  const [odometer, setOdometer] = useState(appointment.lastOdometerKm === null ? '' : String(appointment.lastOdometerKm));
  const [concern, setConcern] = useState(appointment.note ?? '');
  const [intakeNote, setIntakeNote] = useState('');
  const [technicianId, setTechnicianId] = useState('');
  const [bayNo, setBayNo] = useState('');
  const [symptoms, setSymptoms] = useState<ReadonlySet<SymptomCode>>(() => new Set((appointment.symptoms ?? []).map((symptom) => symptom.code)));
  const fromCustomer = new Set((appointment.symptoms ?? []).filter((symptom) => symptom.source === 'customer').map((symptom) => symptom.code));
  const { state: techniciansLoad } = useAsync(readTechnicians, {});
  const technicians = techniciansLoad.data ?? null;
  const techniciansFailed = techniciansLoad.error !== null;
  const [errors, setErrors] = useState<Errors>({});
  const { state: baysLoad } = useAsync(readBays, {});
  const occupiedBays = new Map((baysLoad.data?.occupied ?? []).map((bay) => [bay.bayNo, bay.licensePlate]));
  const [serverError, setServerError] = useState<string | null>(null);
  /** Someone else checked the appointment in meanwhile (409 APPOINTMENT_CHANGED): reload, or open their order. */
  const [stale, setStale] = useState(false);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const toggleSymptom = (code: SymptomCode) => {
    setSymptoms((current) => {
      const next = new Set(current);
      if (!next.delete(code)) next.add(code);
      return next;
    });
    if (errors.symptoms) setErrors(({ symptoms: _cleared, ...rest }) => rest);
  };

  /** The first field marked invalid, else (a symptoms error) the first ticked symptom. */
  const focusFirstInvalid = () => {
    requestAnimationFrame(() =>
      (form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.current?.querySelector<HTMLElement>('input[name="symptoms"]:checked'))?.focus(),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const odometerProblem = odometerError(odometer, appointment.lastOdometerKm);
    if (odometerProblem) found.odometerKm = odometerProblem;
    if (concern.trim().length > TEXT_MAX) found.customerConcern = t.textTooLong;
    if (intakeNote.trim().length > TEXT_MAX) found.intakeNote = t.textTooLong;
    if (symptoms.size > DIAGNOSIS_SYMPTOMS_MAX) found.symptoms = t.symptomsTooMany(DIAGNOSIS_SYMPTOMS_MAX);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    const body: CheckInInput = {
      odometerKm: Number(odometer.trim()),
      customerConcern: concern.trim() || null,
      intakeNote: intakeNote.trim() || null,
      technicianId: technicianId ? Number(technicianId) : null,
      bayNo: bayNo ? Number(bayNo) : null,
      ...(appointment.symptoms !== undefined || symptoms.size > 0 ? { symptoms: inVocabularyOrder(symptoms) } : {}),
    };
    setBusy(true);
    try {
      const order = await frontDeskApi.checkIn(appointment.id, body);
      onCheckedIn(order);
    } catch (error) {
      setServerError(messageOf(error, frontDeskText.actionFailed));
      setStale(error instanceof ApiError && error.code === ERROR_CODES.APPOINTMENT_CHANGED);
      const fields = fieldErrorsOf(error) as Errors;
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusFirstInvalid();
      }
      if (isConflict(error)) onStale?.();
    } finally {
      setBusy(false);
    }
  };

  /** The order the other check-in opened: the appointment's row of its day, read again. */
  const openTheirOrder = async () => {
    try {
      const day = await frontDeskApi.day({ date: vietnamDateOf(appointment.start), q: appointment.code });
      const order = day.appointments.find((row) => row.id === appointment.id)?.serviceOrder ?? null;
      if (order) navigate(serviceOrderLink(order.id));
      else setServerError(t.staleOrderMissing);
    } catch (error) {
      setServerError(messageOf(error, frontDeskText.actionFailed));
    }
  };

  const reloadAfterStale = () => {
    onStale?.();
    onClose();
  };

  const describe = (id: string, error: string | undefined, hint?: string) =>
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <ModalDialog
      title={t.title(appointment.licensePlate)}
      description={t.summary(appointment.code, appointment.customer.fullName, formatDateTime(appointment.start))}
      onClose={onClose}
    >
      <form ref={form} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <RecallFlags vehicleId={appointment.vehicle.id} />
        <div className={styles.field}>
          <label htmlFor={ids.odometer}>{t.odometer}</label>
          <input
            id={ids.odometer}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            required
            value={odometer}
            onChange={(event) => setOdometer(event.target.value)}
            aria-invalid={errors.odometerKm ? true : undefined}
            aria-describedby={describe(ids.odometer, errors.odometerKm, appointment.lastOdometerKm === null ? undefined : 'hint')}
          />
          {appointment.lastOdometerKm !== null && (
            <p id={`${ids.odometer}-hint`} className={styles.hint}>
              {t.odometerHint(km(appointment.lastOdometerKm))}
            </p>
          )}
          {errors.odometerKm && (
            <p id={`${ids.odometer}-error`} className={styles.fieldError}>
              {errors.odometerKm}
            </p>
          )}
        </div>

        <div className={styles.field}>
          <label htmlFor={ids.concern}>{t.concern}</label>
          <textarea
            id={ids.concern}
            className={styles.textarea}
            maxLength={TEXT_MAX + 100}
            value={concern}
            onChange={(event) => setConcern(event.target.value)}
            aria-invalid={errors.customerConcern ? true : undefined}
            aria-describedby={describe(ids.concern, errors.customerConcern)}
          />
          {errors.customerConcern && (
            <p id={`${ids.concern}-error`} className={styles.fieldError}>
              {errors.customerConcern}
            </p>
          )}
        </div>

        <fieldset
          className={`${styles.fieldset} ${styles.symptoms}`}
          aria-describedby={describe(ids.symptoms, errors.symptoms, 'hint')}
        >
          <legend>{t.symptoms}</legend>
          <p id={`${ids.symptoms}-hint`} className={styles.hint}>
            {fromCustomer.size > 0 ? t.symptomsHintCustomer : t.symptomsHint} {t.symptomsChosen(symptoms.size, DIAGNOSIS_SYMPTOMS_MAX)}
          </p>
          <SymptomPicker chosen={symptoms} fromCustomer={fromCustomer} onToggle={toggleSymptom} />
          {errors.symptoms && (
            <p id={`${ids.symptoms}-error`} className={styles.fieldError}>
              {errors.symptoms}
            </p>
          )}
        </fieldset>

        <div className={styles.field}>
          <label htmlFor={ids.note}>{t.intakeNote}</label>
          <textarea
            id={ids.note}
            className={styles.textarea}
            value={intakeNote}
            onChange={(event) => setIntakeNote(event.target.value)}
            aria-invalid={errors.intakeNote ? true : undefined}
            aria-describedby={describe(ids.note, errors.intakeNote)}
          />
          {errors.intakeNote && (
            <p id={`${ids.note}-error`} className={styles.fieldError}>
              {errors.intakeNote}
            </p>
          )}
        </div>

        <div className={styles.formRow}>
          <div className={styles.field}>
            <label htmlFor={ids.technician}>{t.technician}</label>
            <select
              id={ids.technician}
              className={styles.select}
              value={technicianId}
              onChange={(event) => setTechnicianId(event.target.value)}
              aria-invalid={errors.technicianId ? true : undefined}
              aria-describedby={describe(ids.technician, errors.technicianId)}
            >
              <option value="">{t.noTechnician}</option>
              {(technicians ?? []).map((technician) => (
                <option key={technician.id} value={String(technician.id)}>
                  {technician.busy ? t.technicianBusy(technician.fullName) : technician.fullName}
                </option>
              ))}
            </select>
            {techniciansFailed && <p className={styles.hint}>{t.techniciansFailed}</p>}
            {errors.technicianId && (
              <p id={`${ids.technician}-error`} className={styles.fieldError}>
                {errors.technicianId}
              </p>
            )}
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.bay}>{t.bay}</label>
            <select
              id={ids.bay}
              className={styles.select}
              value={bayNo}
              onChange={(event) => setBayNo(event.target.value)}
              aria-invalid={errors.bayNo ? true : undefined}
              aria-describedby={describe(ids.bay, errors.bayNo)}
            >
              <option value="">{t.noBay}</option>
              {Array.from({ length: serviceBays }, (_, index) => index + 1).map((n) => {
                const plate = occupiedBays.get(n);
                return (
                  <option key={n} value={String(n)} disabled={plate !== undefined}>
                    {plate === undefined ? t.bayOption(n) : t.bayOccupied(n, plate)}
                  </option>
                );
              })}
            </select>
            {errors.bayNo && (
              <p id={`${ids.bay}-error`} className={styles.fieldError}>
                {errors.bayNo}
              </p>
            )}
          </div>
        </div>

        <div role="alert" aria-live="assertive">
          {serverError && <p className={styles.alert}>{serverError}</p>}
          {stale && (
            <div className={styles.actions}>
              <button type="button" className={styles.secondary} onClick={reloadAfterStale}>
                {t.staleReload}
              </button>
              <button type="button" className={styles.secondary} onClick={() => void openTheirOrder()}>
                {t.staleOpenOrder}
              </button>
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
