import { useCallback, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError, messages } from 'shared-contracts';
import { DIAGNOSIS_SYMPTOMS_MAX, DIAGNOSIS_TEXT_MAX, SYMPTOMS, type DiagnosisDto, type DiagnosisRequest, type SymptomCode } from 'shared-contracts/diagnostics';
import type { Vehicle, VehicleType } from 'shared-contracts/schemas';
import { vehicleModelName } from 'shared-contracts/vehicle';
import { ERROR_CODES } from 'shared-contracts/errors';
import { ErrorState } from '../components/Async';
import { PageIntro } from '../components/PageIntro';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { usePageMeta } from '../hooks/usePageMeta';
import { VEHICLE_TYPE_LABELS } from '../i18n/catalogueLabels';
import { useLoggedIn } from '../pages/booking/useLoggedIn';
import { vehicleFitApi, type ModelOption } from '../vehicleFit';
import { diagnosisApi } from './diagnosisApi';
import { DIAGNOSIS_DESCRIPTION, DIAGNOSIS_TITLE } from './diagnosisMeta';
import { DiagnosisResult, type DiagnosisAnswer } from './DiagnosisResult';
import { diagnosisText as t } from './diagnosisText';
import { symptomGroups } from 'shared-contracts/diagnostics';
import styles from './DiagnosisPage.module.css';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; answer: DiagnosisAnswer } | { kind: 'failed'; message: string };

/** The vehicle select's value: '' (none), 'vehicle:<id>' (a saved vehicle) or 'model:<id>' (a reference model). */
type Choice = string;

const GROUPS = symptomGroups();
const VOCABULARY_ORDER = new Map<SymptomCode, number>(SYMPTOMS.map((symptom, index) => [symptom.code, index]));
const TYPE_ORDER = Object.keys(VEHICLE_TYPE_LABELS) as VehicleType[];
const readModels = (signal: AbortSignal) => vehicleFitApi.models(signal);
const NO_MODELS: readonly ModelOption[] = [];

/** The active reference models ("Dòng xe") by vehicle type, then brand in the API's order, as the booking offers them. */
function modelGroups(models: readonly ModelOption[]): Array<{ label: string; options: Array<{ value: string; label: string }> }> {
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const type of TYPE_ORDER) {
    for (const entry of models) {
      if (!entry.active || entry.type !== type) continue;
      const key = `${VEHICLE_TYPE_LABELS[type]} · ${entry.brand}`;
      groups.set(key, [...(groups.get(key) ?? []), { value: `model:${entry.id}`, label: entry.label }]);
    }
  }
  return [...groups].map(([label, options]) => ({ label, options }));
}

function vehicleName(vehicle: Vehicle): string {
  return `${vehicle.nickname ?? `${vehicle.brand} ${vehicle.model}`} (${vehicle.licensePlate})`;
}

/** A Vietnamese message for a failed call: the server's own (429, 422, 404…), else 'cannot reach the server'. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? t.network : error.message;
  return messages.errors.generic;
}

/**
 * /services/chan-doan (spec predictive.md §3, §4): the public diagnostics page. The visitor picks a vehicle model
 * of the reference table (or, logged in, a saved vehicle), ticks symptoms and may describe the trouble; the answer puts the stop-and-call
 * alert first when a symptom is safety-critical, then the likely components with confidence, urgency and reasons,
 * and a booking pre-filled with their services. No login needed; the API limits requests per address.
 */
export function DiagnosisPage() {
  usePageMeta(DIAGNOSIS_TITLE, DIAGNOSIS_DESCRIPTION);
  const ids = useId();
  const loggedIn = useLoggedIn();
  const readVehicles = useCallback((signal: AbortSignal) => (loggedIn ? diagnosisApi.vehicles(signal).catch(() => []) : Promise.resolve([])), [loggedIn]);
  const vehicles = useAsync(readVehicles, {}).state.data ?? [];
  const modelsLoad = useAsync(readModels, {});
  const loadedModels = loadedOf(modelsLoad.state);
  const models = modelsLoad.state.data ?? NO_MODELS;
  const groups = useMemo(() => modelGroups(models), [models]);

  const [choice, setChoice] = useState<Choice>('');
  const [picked, setPicked] = useState<ReadonlySet<SymptomCode>>(new Set());
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const firstSymptom = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);

  // a saved vehicle that is no longer listed (logged out meanwhile) is no longer chosen
  const savedVehicle = choice.startsWith('vehicle:') ? (vehicles.find((vehicle) => `vehicle:${vehicle.id}` === choice) ?? null) : null;
  const model = choice.startsWith('model:') ? (models.find((entry) => `model:${entry.id}` === choice) ?? null) : null;
  const selectValue = savedVehicle || model ? choice : '';

  const symptoms = useMemo(() => [...picked].sort((a, b) => VOCABULARY_ORDER.get(a)! - VOCABULARY_ORDER.get(b)!), [picked]);

  const toggle = (code: SymptomCode) => {
    setPicked((current) => {
      const next = new Set(current);
      if (!next.delete(code)) next.add(code);
      return next;
    });
    setInputError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const described = text.trim();
    if (symptoms.length === 0 && described === '') {
      setInputError(t.emptyInput);
      firstSymptom.current?.focus();
      return;
    }
    if (symptoms.length > DIAGNOSIS_SYMPTOMS_MAX) {
      setInputError(t.tooManySymptoms(DIAGNOSIS_SYMPTOMS_MAX));
      firstSymptom.current?.focus();
      return;
    }
    if (described.length > DIAGNOSIS_TEXT_MAX) {
      setInputError(t.textTooLong(DIAGNOSIS_TEXT_MAX));
      textArea.current?.focus();
      return;
    }
    setInputError(null);

    const request: DiagnosisRequest = { symptoms, ...(described ? { text: described } : {}) };
    if (savedVehicle) request.vehicleId = savedVehicle.id;
    else if (model) request.vehicleModel = vehicleModelName(model);

    setStatus({ kind: 'sending' });
    try {
      let unknownModel: string | null = null;
      let diagnosis: DiagnosisDto;
      try {
        diagnosis = await diagnosisApi.diagnose(request);
      } catch (error) {
        // a model the API does not know (deactivated since the list was read): the answer, which does not depend
        // on the model, is asked again without it, and the page says so
        if (!(error instanceof ApiError && error.code === ERROR_CODES.UNKNOWN_VEHICLE_MODEL && request.vehicleModel && model)) throw error;
        unknownModel = model.label;
        diagnosis = await diagnosisApi.diagnose({ symptoms: request.symptoms, ...(request.text ? { text: request.text } : {}) });
      }
      setStatus({ kind: 'done', answer: { diagnosis, vehicle: savedVehicle ? { id: savedVehicle.id, name: vehicleName(savedVehicle) } : null, unknownModel } });
    } catch (error) {
      setStatus({ kind: 'failed', message: failureMessage(error) });
    }
  };

  const sending = status.kind === 'sending';
  const announcement = sending ? t.submitting : status.kind === 'done' ? t.announceResult(status.answer.diagnosis.ranked.length) : '';
  const vehicleId = `${ids}-vehicle`;
  const textId = `${ids}-text`;

  return (
    <>
      <PageIntro title={DIAGNOSIS_TITLE} description={DIAGNOSIS_DESCRIPTION} />
      <div className={styles.layout}>
        <section aria-labelledby={`${ids}-form-heading`} className={styles.card}>
          <h2 id={`${ids}-form-heading`} className={styles.formHeading}>
            {t.formHeading}
          </h2>
          <form onSubmit={onSubmit} noValidate className={styles.form}>
            <div className={styles.field}>
              <label htmlFor={vehicleId}>{t.vehicleLabel}</label>
              <select
                id={vehicleId}
                name="vehicle"
                className={styles.select}
                value={selectValue}
                onChange={(event) => setChoice(event.target.value)}
                aria-describedby={`${vehicleId}-hint`}
                aria-busy={loadedModels.status === 'loading' || undefined}
              >
                <option value="">{t.vehicleNone}</option>
                {loadedModels.status === 'loading' && (
                  <option value="loading" disabled>
                    {t.modelsLoading}
                  </option>
                )}
                {vehicles.length > 0 && (
                  <optgroup label={t.savedVehicles}>
                    {vehicles.map((vehicle) => (
                      <option key={vehicle.id} value={`vehicle:${vehicle.id}`}>
                        {vehicleName(vehicle)}
                      </option>
                    ))}
                  </optgroup>
                )}
                {groups.map((group) => (
                  <optgroup key={group.label} label={group.label}>
                    {group.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              <p id={`${vehicleId}-hint`} className={styles.hint}>
                {loggedIn ? t.savedVehicleHint : t.guestVehicleHint}
              </p>
              {loadedModels.status === 'failed' && <ErrorState message={t.modelsFailed(loadedModels.message)} onRetry={() => modelsLoad.reload('fresh')} />}
            </div>

            <fieldset className={styles.symptoms} aria-describedby={[`${ids}-symptoms-hint`, inputError ? `${ids}-input-error` : null].filter(Boolean).join(' ')}>
              <legend className={styles.legend}>{t.symptomsLegend}</legend>
              <p id={`${ids}-symptoms-hint`} className={styles.hint}>
                {t.symptomsHint(DIAGNOSIS_SYMPTOMS_MAX)} {t.symptomsChosen(symptoms.length, DIAGNOSIS_SYMPTOMS_MAX)}.
              </p>
              <div className={styles.groups}>
                {GROUPS.map((group, groupIndex) => (
                  <fieldset key={group.id} className={styles.group}>
                    <legend className={styles.groupLegend}>{group.label}</legend>
                    <ul className={styles.options}>
                      {group.symptoms.map((symptom, index) => (
                        <li key={symptom.code}>
                          <label className={styles.option}>
                            <input
                              ref={groupIndex === 0 && index === 0 ? firstSymptom : undefined}
                              type="checkbox"
                              name="symptoms"
                              value={symptom.code}
                              checked={picked.has(symptom.code)}
                              onChange={() => toggle(symptom.code)}
                            />
                            <span>{symptom.label}</span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                ))}
              </div>
            </fieldset>

            <div className={styles.field}>
              <label htmlFor={textId}>{t.textLabel}</label>
              <textarea
                ref={textArea}
                id={textId}
                name="text"
                className={styles.textarea}
                rows={4}
                maxLength={DIAGNOSIS_TEXT_MAX}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setInputError(null);
                }}
                aria-describedby={`${textId}-hint ${textId}-count`}
              />
              <p id={`${textId}-hint`} className={styles.hint}>
                {t.textHint}
              </p>
              <p id={`${textId}-count`} className={styles.hint}>
                {t.textCount(text.length, DIAGNOSIS_TEXT_MAX)}
              </p>
            </div>

            {inputError && (
              <p id={`${ids}-input-error`} role="alert" className={styles.failure}>
                {inputError}
              </p>
            )}
            {status.kind === 'failed' && !inputError && (
              <p role="alert" className={styles.failure}>
                {status.message}
              </p>
            )}
            <button type="submit" className={styles.submit} disabled={sending} aria-busy={sending || undefined}>
              {sending ? t.submitting : t.submit}
            </button>
          </form>
        </section>

        <p role="status" className={styles.visuallyHidden}>
          {announcement}
        </p>
        {status.kind === 'done' && <DiagnosisResult answer={status.answer} />}
      </div>
    </>
  );
}

export default DiagnosisPage;
