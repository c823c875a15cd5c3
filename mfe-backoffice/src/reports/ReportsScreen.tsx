import { useCallback, useId, useState, type FormEvent } from 'react';
import { REPORT_NAMES, reportTitles, type ReportName } from 'shared-contracts/backoffice';
import { LoadFailed } from '../components/LoadStatus';
import { useAsync } from '../hooks/useAsync';
import { type KpiRange, lastDays } from '../kpis';
import { ChartsSection } from './ChartsSection';
import { ReportTableView } from './ReportTableView';
import { reportsApi } from './reportsApi';
import { reportsText } from './reportsText';
import styles from './Reports.module.css';

const t = reportsText.screen;
const readCentres = (signal: AbortSignal) => reportsApi.centres(signal);

interface Applied {
  range: KpiRange;
  /** Undefined: the manager's own centre, or all centres for an admin. */
  centreId?: number;
  name: ReportName;
  /** Bumped on every 'Xem báo cáo', so the same choice asked again reloads. */
  run: number;
}

/**
 * The reports screen (spec §9; §7 M5 for a manager's centre, A4 for an admin with all centres or one): a date
 * range (default the last 30 days), the centre for an admin, the report; then the charts, the report's table
 * and its CSV. A range the server refuses (422 DATE_RANGE_INVALID) is explained next to the dates.
 */
export function ReportsScreen({ scope }: { scope: 'manager' | 'admin' }) {
  const isAdmin = scope === 'admin';
  const ids = { centre: useId(), report: useId(), error: useId(), heading: useId() };
  const [initial] = useState(() => lastDays(Date.now(), 30));
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [centre, setCentre] = useState('');
  const [name, setName] = useState<ReportName>(REPORT_NAMES[0]);
  const [applied, setApplied] = useState<Applied>({ range: initial, name: REPORT_NAMES[0], run: 0 });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const { state: centresLoad, reload: reloadCentres } = useAsync(readCentres, { failedText: t.centresFailed, enabled: isAdmin });
  const centres = centresLoad.data ?? null;
  const centresFailed = centresLoad.error;

  const onRangeInvalid = useCallback((message: string) => setRangeError(message), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) {
      setRangeError(t.missingDate);
      return;
    }
    setRangeError(null);
    setApplied((previous) => ({ range: { from, to }, centreId: centre ? Number(centre) : undefined, name, run: previous.run + 1 }));
  };

  const centreLabel = isAdmin
    ? applied.centreId === undefined
      ? t.allCentres
      : (centres?.find((entry) => entry.id === applied.centreId)?.name ?? `#${applied.centreId}`)
    : reportsText.table.ownCentre;
  const invalid = rangeError !== null;

  return (
    <section className={styles.screen} aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className={styles.visuallyHidden}>
        {t.heading}
      </h2>
      <form className={styles.filters} onSubmit={submit} aria-label={t.filters} noValidate>
        <DateField label={t.from} value={from} onChange={setFrom} errorId={invalid ? ids.error : undefined} />
        <DateField label={t.to} value={to} onChange={setTo} errorId={invalid ? ids.error : undefined} />
        {isAdmin && (
          <div className={styles.field}>
            <label htmlFor={ids.centre}>{t.centre}</label>
            <select id={ids.centre} className={styles.select} value={centre} onChange={(event) => setCentre(event.target.value)}>
              <option value="">{t.allCentres}</option>
              {(centres ?? []).map((entry) => (
                <option key={entry.id} value={String(entry.id)}>
                  {entry.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className={styles.field}>
          <label htmlFor={ids.report}>{t.report}</label>
          <select id={ids.report} className={styles.select} value={name} onChange={(event) => setName(event.target.value as ReportName)}>
            {REPORT_NAMES.map((report) => (
              <option key={report} value={report}>
                {reportTitles[report]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={styles.primary}>
          {t.apply}
        </button>
        {rangeError && (
          <p id={ids.error} className={styles.fieldError} role="alert">
            {rangeError}
          </p>
        )}
      </form>
      {centresFailed && (
        <LoadFailed message={centresFailed} retryLabel={t.retryCentres} onRetry={() => reloadCentres('fresh')} announce={false} />
      )}
      {!rangeError && (
        <>
          <ChartsSection key={`charts-${applied.run}`} range={applied.range} centreId={applied.centreId} onRangeInvalid={onRangeInvalid} />
          <ReportTableView
            key={`table-${applied.run}`}
            name={applied.name}
            range={applied.range}
            centreId={applied.centreId}
            centreLabel={centreLabel}
            onRangeInvalid={onRangeInvalid}
          />
        </>
      )}
    </section>
  );
}

/** One end of the range ('YYYY-MM-DD'); with `errorId`, invalid and described by the range's error. */
function DateField({ label, value, onChange, errorId }: { label: string; value: string; onChange: (value: string) => void; errorId?: string }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={styles.input}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
    </div>
  );
}
