import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { RECALL_VIN_CSV_MAX_BYTES } from 'shared-contracts/pricing';
import type { RecallCampaign, RecallCampaignInput } from 'shared-contracts/schemas';
import { fieldErrorsOf, messageOf } from '../api/apiErrors';
import { ModalDialog } from '../components/ModalDialog';
import { recallsApi } from './recallsApi';
import { recallsText } from './recallsText';
import styles from './Recalls.module.css';

const t = recallsText.form;

type Field = 'code' | 'manufacturer' | 'title' | 'defect' | 'remedy' | 'labourMinutes' | 'startsOn' | 'endsOn' | 'modelId' | 'yearFrom' | 'yearTo' | 'vinFrom' | 'vinTo';
const TEXT_FIELDS: Array<{ name: Field; label: string; type?: string; multiline?: boolean }> = [
  { name: 'code', label: t.code },
  { name: 'manufacturer', label: t.manufacturer },
  { name: 'title', label: t.titleField },
  { name: 'defect', label: t.defect, multiline: true },
  { name: 'remedy', label: t.remedy, multiline: true },
  { name: 'labourMinutes', label: t.labourMinutes },
  { name: 'startsOn', label: t.startsOn, type: 'date' },
  { name: 'endsOn', label: t.endsOn, type: 'date' },
  { name: 'modelId', label: t.modelId },
  { name: 'yearFrom', label: t.yearFrom },
  { name: 'yearTo', label: t.yearTo },
  { name: 'vinFrom', label: t.vinFrom },
  { name: 'vinTo', label: t.vinTo },
];

const optionalInteger = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The campaign as the API takes it: the scope rows only when filled; the CSV's text as read from the file. */
export function recallInputOf(values: Record<Field, string>, vinCsv: string | null): RecallCampaignInput {
  const modelId = optionalInteger(values.modelId);
  return {
    code: values.code,
    manufacturer: values.manufacturer,
    title: values.title,
    defect: values.defect,
    remedy: values.remedy,
    labourMinutes: Number(values.labourMinutes.trim() || 'NaN'),
    parts: [],
    startsOn: values.startsOn,
    endsOn: values.endsOn.trim() === '' ? null : values.endsOn,
    models: modelId === null ? [] : [{ modelId, yearFrom: optionalInteger(values.yearFrom), yearTo: optionalInteger(values.yearTo) }],
    vinRanges: values.vinFrom.trim() === '' && values.vinTo.trim() === '' ? [] : [{ from: values.vinFrom, to: values.vinTo }],
    vinCsv,
  };
}

/** "Tạo chiến dịch triệu hồi": the campaign, its scope (a model and years, a VIN range, the VIN list CSV), sent once. */
export function RecallCreateDialog({ onCreated, onClose }: { onCreated: (campaign: RecallCampaign, message: string | null) => void; onClose: () => void }) {
  const idPrefix = useId();
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries(TEXT_FIELDS.map((field) => [field.name, field.name === 'manufacturer' ? 'VinFast' : ''])) as Record<Field, string>);
  const [vinCsv, setVinCsv] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const readCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return setVinCsv(null);
    if (file.size > RECALL_VIN_CSV_MAX_BYTES) {
      setErrors((current) => ({ ...current, vinCsv: t.vinCsvTooLarge }));
      return setVinCsv(null);
    }
    setErrors(({ vinCsv: _dropped, ...rest }) => rest);
    setVinCsv(await file.text());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setServerError(null);
    try {
      const outcome = await recallsApi.create(recallInputOf(values, vinCsv));
      if (outcome.data) onCreated(outcome.data, outcome.message);
    } catch (error) {
      setServerError(messageOf(error, recallsText.page.actionFailed));
      setErrors(fieldErrorsOf(error));
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (name: string) => errors[name] ?? (name === 'modelId' ? errors['models'] : name === 'vinFrom' ? errors['vinRanges.0.from'] : name === 'vinTo' ? errors['vinRanges.0.to'] : undefined);

  return (
    <ModalDialog title={t.title} description={t.scopeHint} onClose={onClose} variant="drawer">
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        {serverError && (
          <p role="alert" className={styles.alert}>
            {serverError}
          </p>
        )}
        <div className={styles.grid}>
          {TEXT_FIELDS.map((field) => {
            const id = `${idPrefix}-${field.name}`;
            const error = errorOf(field.name);
            const common = {
              id,
              className: styles.input,
              value: values[field.name],
              'aria-invalid': error ? true : undefined,
              'aria-describedby': error ? `${id}-error` : undefined,
            } as const;
            const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((current) => ({ ...current, [field.name]: event.target.value }));
            return (
              <div key={field.name} className={styles.field}>
                <label htmlFor={id}>{field.label}</label>
                {field.multiline ? <textarea {...common} maxLength={2000} onChange={change} /> : <input {...common} type={field.type ?? 'text'} maxLength={160} onChange={change} />}
                {error && (
                  <p id={`${id}-error`} className={styles.fieldError}>
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          <div className={styles.field}>
            <label htmlFor={`${idPrefix}-csv`}>{t.vinCsv}</label>
            <input id={`${idPrefix}-csv`} type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void readCsv(event)} aria-describedby={errors.vinCsv ? `${idPrefix}-csv-error` : undefined} />
            {errors.vinCsv && (
              <p id={`${idPrefix}-csv-error`} className={styles.fieldError}>
                {errors.vinCsv}
              </p>
            )}
          </div>
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? t.busy : t.submit}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t.cancel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
