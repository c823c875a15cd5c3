import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { ProductCsvImport as ImportResult } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { catalogueText } from './catalogueAdminText';
import { PRODUCT_CSV_MAX_BYTES, productCsvApi, refusedImportOf } from './productCsvApi';
import styles from './CatalogueAdmin.module.css';

const t = catalogueText.csv;

/** The catalogue's CSV download ("Xuất CSV"), fetched with the session's token; admin and manager. */
export function ProductCsvExport() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={styles.secondary}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setFailed(null);
          productCsvApi
            .download(t.exportFailed)
            .catch((error: unknown) => setFailed(messageOf(error, t.exportFailed)))
            .finally(() => setBusy(false));
        }}
      >
        {busy ? t.exporting : t.export}
      </button>
      {failed && (
        <p className={styles.alert} role="alert">
          {failed}
        </p>
      )}
    </>
  );
}

type Step =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'checked'; result: ImportResult }
  | { kind: 'applying'; result: ImportResult }
  | { kind: 'applied'; result: ImportResult };

/**
 * "Nhập CSV" (admin): choose a file → a dry run shows the counts and every bad row ("Dòng 7: …") → "Áp dụng",
 * enabled only when no row is bad, writes all rows or none. A refused apply shows the server's list.
 */
export function ProductCsvImport({ onImported }: { onImported: () => void }) {
  const inputId = useId();
  const titleId = useId();
  const fileRef = useRef<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [failed, setFailed] = useState<string | null>(null);

  const check = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    fileRef.current = file;
    setFailed(null);
    setStep({ kind: 'idle' });
    if (!file) return;
    if (file.size > PRODUCT_CSV_MAX_BYTES) {
      setFailed(t.tooLarge);
      return;
    }
    setStep({ kind: 'checking' });
    productCsvApi.import(file, 'dry-run').then(
      (result) => {
        if (fileRef.current === file) setStep({ kind: 'checked', result });
      },
      (error: unknown) => {
        if (fileRef.current !== file) return;
        setStep({ kind: 'idle' });
        setFailed(messageOf(error, t.checkFailed));
      },
    );
  };

  const apply = () => {
    const file = fileRef.current;
    if (!file || step.kind !== 'checked') return;
    setFailed(null);
    setStep({ kind: 'applying', result: step.result });
    productCsvApi.import(file, 'apply').then(
      (result) => {
        setStep({ kind: 'applied', result });
        onImported();
      },
      (error: unknown) => {
        const refused = refusedImportOf(error);
        setStep(refused ? { kind: 'checked', result: refused } : { kind: 'checked', result: step.result });
        setFailed(messageOf(error, t.applyFailed));
      },
    );
  };

  const result = step.kind === 'checked' || step.kind === 'applying' ? step.result : null;
  const canApply = step.kind === 'checked' && step.result.errors.length === 0;

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{t.import}</h2>
      <p className={styles.hint}>{t.hint}</p>
      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor={inputId}>{t.chooseFile}</label>
          <input id={inputId} className={styles.input} type="file" accept=".csv,text/csv" onChange={check} disabled={step.kind === 'checking' || step.kind === 'applying'} />
        </div>
        <button type="button" className={styles.primary} disabled={!canApply} onClick={apply}>
          {step.kind === 'applying' ? t.applying : t.apply}
        </button>
      </div>
      <div aria-live="polite">
        {step.kind === 'checking' && <p className={styles.hint}>{t.checking}</p>}
        {result && (
          <p className={styles.hint}>
            {t.counts(result.rows, result.toCreate, result.toUpdate, result.unchanged)} {result.errors.length === 0 ? t.noBadRows : ''}
          </p>
        )}
        {result && result.notices.length > 0 && (
          <ul className={styles.hint} aria-label={t.notices}>
            {result.notices.map((notice, index) => (
              <li key={`${notice.row}-${notice.field}-${index}`}>
                {t.rowLabel(notice.row)}: {notice.message}
              </li>
            ))}
          </ul>
        )}
        {step.kind === 'applied' && (
          <p className={styles.done} role="status">
            {t.applied(step.result.toCreate, step.result.toUpdate, step.result.unchanged)}
          </p>
        )}
      </div>
      {failed && (
        <p className={styles.alert} role="alert">
          {failed}
        </p>
      )}
      {result && result.errors.length > 0 && (
        <>
          <p className={styles.alert}>{t.badRows(new Set(result.errors.map((error) => error.row)).size)}</p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.visuallyHidden}>{t.badRows(new Set(result.errors.map((error) => error.row)).size)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.errorColumns.row}</th>
                  <th scope="col">{t.errorColumns.field}</th>
                  <th scope="col">{t.errorColumns.reason}</th>
                </tr>
              </thead>
              <tbody>
                {result.errors.map((error, index) => (
                  <tr key={`${error.row}-${error.field}-${index}`}>
                    <th scope="row">{t.rowLabel(error.row)}</th>
                    <td>{error.column}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
