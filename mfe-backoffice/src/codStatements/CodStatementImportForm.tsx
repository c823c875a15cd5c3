import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { CARRIER_LABELS, INTEGRATED_CARRIERS, type IntegratedCarrier } from 'shared-contracts/pricing';
import type { CodStatementImport } from 'shared-contracts/schemas';
import { ApiError } from 'shared-contracts';
import { COD_STATEMENT_FILE_MAX_BYTES, codStatementsApi } from './codStatementsApi';
import { codStatementText as t } from './codStatementText';
import styles from './CodStatements.module.css';

/** A file's size as the page says it: '2,5 MB', '830 KB'. */
function sizeOf(bytes: number): string {
  const number = (value: number) => value.toLocaleString('vi-VN', { maximumFractionDigits: 1 });
  return bytes >= 1024 * 1024 ? `${number(bytes / (1024 * 1024))} MB` : `${number(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** The server's refusal: its Vietnamese message, then its own list (a 422's bad lines "Dòng 7: …"). */
export interface Refusal {
  message: string;
  details: string[];
}

function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError)) return { message: t.importFailed, details: [] };
  const message = error.message || t.importFailed;
  return { message, details: error.errors.map((entry) => entry.message).filter((text) => text && text !== message) };
}

type FieldName = 'reference' | 'period' | 'file';

interface Props {
  /** An answer of the server: the statement imported (or imported before), its message. */
  onImported: (result: CodStatementImport, message: string | null) => void;
}

/**
 * "Nhập bảng đối soát COD": the carrier, the statement's reference, its period if given and the carrier's CSV export
 * (≤ 2 MB, refused here before it is sent; the server checks it again). A refusal (400/403/413/422) shows the server's
 * message and keeps the form as it was; an answer clears the reference, period and file for the next statement.
 */
export function CodStatementImportForm({ onImported }: Props) {
  const id = useId();
  const ids = {
    heading: `${id}-heading`,
    reference: `${id}-reference`,
    referenceHelp: `${id}-reference-help`,
    from: `${id}-from`,
    to: `${id}-to`,
    file: `${id}-file`,
    fileHelp: `${id}-file-help`,
    error: (field: FieldName) => `${id}-${field}-error`,
  };
  const fileInput = useRef<HTMLInputElement>(null);
  const [carrier, setCarrier] = useState<IntegratedCarrier>('GHN');
  const [reference, setReference] = useState('');
  const [periodFrom, setPeriodFrom] = useState('');
  const [periodTo, setPeriodTo] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setRefusal(null);
    if (chosen && chosen.size > COD_STATEMENT_FILE_MAX_BYTES) {
      // never sent: the choice is dropped, the message says why
      event.target.value = '';
      setFile(null);
      setErrors((current) => ({ ...current, file: t.fileTooLarge(sizeOf(chosen.size)) }));
      return;
    }
    setFile(chosen);
    setErrors((current) => ({ ...current, file: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found: Partial<Record<FieldName, string>> = {};
    if (reference.trim() === '') found.reference = t.referenceMissing;
    if (periodFrom && periodTo && periodFrom > periodTo) found.period = t.periodOrder;
    if (!file) found.file = errors.file ?? t.fileMissing;
    setErrors(found);
    setRefusal(null);
    if (!file || Object.keys(found).length > 0) {
      const first = found.reference ? ids.reference : found.period ? ids.from : ids.file;
      document.getElementById(first)?.focus();
      return;
    }
    setBusy(true);
    codStatementsApi
      .import({ carrier, reference: reference.trim(), periodFrom, periodTo, file })
      .then(({ data, message }) => {
        if (!data) throw new ApiError(t.importFailed, 200, 'BAD_RESPONSE');
        setReference('');
        setPeriodFrom('');
        setPeriodTo('');
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
        onImported(data, message);
      })
      .catch((error: unknown) => setRefusal(refusalOf(error)))
      .finally(() => setBusy(false));
  };

  const describedBy = (...parts: Array<string | false | undefined>) => parts.filter(Boolean).join(' ') || undefined;

  return (
    <section className={styles.panel} aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t.importHeading}</h2>
      <p className={styles.muted}>{t.importIntro}</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
        <fieldset className={styles.fieldset}>
          <legend>{t.carrier}</legend>
          <div className={styles.choices}>
            {INTEGRATED_CARRIERS.map((value) => (
              <label key={value} className={styles.choice}>
                <input type="radio" name={`${id}-carrier`} value={value} checked={carrier === value} onChange={() => setCarrier(value)} />
                {CARRIER_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>

        <div className={styles.field}>
          <label htmlFor={ids.reference} className={styles.fieldLabel}>
            {t.reference}
          </label>
          <input
            id={ids.reference}
            className={styles.input}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            maxLength={100}
            autoComplete="off"
            required
            aria-invalid={errors.reference ? true : undefined}
            aria-describedby={describedBy(ids.referenceHelp, errors.reference && ids.error('reference'))}
          />
          <p id={ids.referenceHelp} className={styles.hint}>
            {t.referenceHelp}
          </p>
          {errors.reference && (
            <p id={ids.error('reference')} className={styles.fieldError}>
              {errors.reference}
            </p>
          )}
        </div>

        <fieldset className={styles.fieldset}>
          <legend>{t.period}</legend>
          <div className={styles.period}>
            <div className={styles.field}>
              <label htmlFor={ids.from} className={styles.fieldLabel}>
                {t.periodFrom}
              </label>
              <input
                id={ids.from}
                className={styles.input}
                type="date"
                value={periodFrom}
                max={periodTo || undefined}
                onChange={(event) => setPeriodFrom(event.target.value)}
                aria-invalid={errors.period ? true : undefined}
                aria-describedby={errors.period ? ids.error('period') : undefined}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={ids.to} className={styles.fieldLabel}>
                {t.periodTo}
              </label>
              <input
                id={ids.to}
                className={styles.input}
                type="date"
                value={periodTo}
                min={periodFrom || undefined}
                onChange={(event) => setPeriodTo(event.target.value)}
                aria-invalid={errors.period ? true : undefined}
                aria-describedby={errors.period ? ids.error('period') : undefined}
              />
            </div>
          </div>
          {errors.period && (
            <p id={ids.error('period')} className={styles.fieldError}>
              {errors.period}
            </p>
          )}
        </fieldset>

        <div className={styles.field}>
          <label htmlFor={ids.file} className={styles.fieldLabel}>
            {t.file}
          </label>
          <input
            ref={fileInput}
            id={ids.file}
            className={styles.fileInput}
            type="file"
            accept=".csv,text/csv"
            onChange={chooseFile}
            required
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={describedBy(ids.fileHelp, errors.file && ids.error('file'))}
          />
          <p id={ids.fileHelp} className={styles.hint}>
            {t.fileHelp(carrier)}
          </p>
          {errors.file && (
            <p id={ids.error('file')} className={styles.fieldError} role="alert">
              {errors.file}
            </p>
          )}
        </div>

        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? t.submitting : t.submit}
        </button>
      </form>
      {refusal && (
        <div className={styles.alert} role="alert">
          <p>{refusal.message}</p>
          {refusal.details.length > 0 && (
            <ul>
              {refusal.details.map((detail, index) => (
                <li key={`${index}-${detail}`}>{detail}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
