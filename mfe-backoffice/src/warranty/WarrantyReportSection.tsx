import { useCallback, useId, useState, type FormEvent } from 'react';
import { formatVnd } from 'shared-contracts';
import { WARRANTY_REPORT_MAX_MONTHS } from 'shared-contracts/pricing';
import type { WarrantyReportRow } from 'shared-contracts/schemas';
import { ListingState } from '../components/DeskParts';
import { ScrollRegion } from '../components/ScrollRegion';
import { latestOf, useAsync } from '../hooks/useAsync';
import { warrantyApi } from './warrantyApi';
import { defaultReportSpan, formatMonth, monthSpan } from './warrantyFormat';
import { warrantyText } from './warrantyText';
import styles from './Warranty.module.css';

const t = warrantyText.report;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

type Figure = Exclude<keyof WarrantyReportRow, 'manufacturer' | 'month'>;
/** The report's figures in their columns' order: counts as numbers, the rest as ₫. */
const FIGURES: ReadonlyArray<{ key: Figure; money: boolean }> = [
  { key: 'submitted', money: false },
  { key: 'claimedAmount', money: true },
  { key: 'approved', money: false },
  { key: 'approvedAmount', money: true },
  { key: 'rejected', money: false },
  { key: 'rejectedAmount', money: true },
  { key: 'creditedAmount', money: true },
  { key: 'outstandingAmount', money: true },
];
const shown = (value: number, money: boolean) => (money ? formatVnd(value) : t.count(value));

/** Why a span cannot be asked for (the API's own rules, said before it is asked), or null. */
function spanProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!MONTH.test(from)) return { field: 'from', message: t.monthMissing };
  if (!MONTH.test(to)) return { field: 'to', message: t.monthMissing };
  if (to < from) return { field: 'to', message: t.order };
  if (monthSpan(from, to) > WARRANTY_REPORT_MAX_MONTHS) return { field: 'to', message: t.tooLong };
  return null;
}

/**
 * "Báo cáo theo hãng": per manufacturer and the month the claims were sent (Vietnam time), the counts and ₫ sent,
 * approved, rejected, credited and still owed, with their totals; and the drafts not sent yet. The last 6 months
 * first; `revision` (a claim written) reads it again.
 */
export function WarrantyReportSection({ revision }: { revision: number }) {
  const id = useId();
  const [typed, setTyped] = useState(defaultReportSpan);
  const [span, setSpan] = useState(defaultReportSpan);
  const [problem, setProblem] = useState<ReturnType<typeof spanProblem>>(null);

  const read = useCallback((signal: AbortSignal) => warrantyApi.report(span.from, span.to, signal), [span]);
  const { state, reload } = useAsync(read, { failedText: t.loadFailed, reloadKey: revision });
  const listing = latestOf(state);
  const report = listing.status === 'ready' ? listing.data : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = spanProblem(typed.from, typed.to);
    setProblem(found);
    if (found) return;
    if (typed.from === span.from && typed.to === span.to) reload('keep');
    else setSpan({ ...typed });
  };
  const errorOf = (field: 'from' | 'to') => (problem?.field === field ? problem.message : null);
  const monthField = (field: 'from' | 'to', label: string) => {
    const inputId = `${id}-${field}`;
    const error = errorOf(field);
    return (
      <div className={styles.field}>
        <label htmlFor={inputId} className={styles.fieldLabel}>
          {label}
        </label>
        <input
          id={inputId}
          className={styles.input}
          type="month"
          value={typed[field]}
          onChange={(event) => setTyped((current) => ({ ...current, [field]: event.target.value }))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        {error && (
          <p id={`${inputId}-error`} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
    );
  };

  const totals = report ? FIGURES.map(({ key }) => report.rows.reduce((sum, row) => sum + row[key], 0)) : [];

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t.heading}</h2>
      <p className={styles.muted}>{t.intro}</p>
      <form className={styles.reportForm} onSubmit={submit} noValidate>
        {monthField('from', t.from)}
        {monthField('to', t.to)}
        <button type="submit" className={styles.primary}>
          {t.show}
        </button>
      </form>
      <ListingState listing={listing} loadingText={t.loading} retryText={t.retry} onRetry={() => reload('fresh')} />
      {report && (
        <p className={styles.drafts}>
          {t.drafts(report.drafts)}
        </p>
      )}
      {report && report.rows.length === 0 && <p>{t.empty}</p>}
      {report && report.rows.length > 0 && (
        <ScrollRegion className={styles.tableWrap} label={t.caption(formatMonth(report.from), formatMonth(report.to))}>
          <table className={styles.table}>
            <caption>{t.caption(formatMonth(report.from), formatMonth(report.to))}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.manufacturer}</th>
                <th scope="col">{t.columns.month}</th>
                {FIGURES.map(({ key }) => (
                  <th key={key} scope="col" className={styles.money}>
                    {t.columns[key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row) => (
                <tr key={`${row.manufacturer}-${row.month}`}>
                  <th scope="row">{row.manufacturer}</th>
                  <td>{formatMonth(row.month)}</td>
                  {FIGURES.map(({ key, money }) => (
                    <td key={key} className={styles.money}>
                      {shown(row[key], money)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className={styles.totalRow}>
                <th scope="row" colSpan={2}>
                  {t.total}
                </th>
                {FIGURES.map(({ key, money }, index) => (
                  <td key={key} className={styles.money}>
                    {shown(totals[index] ?? 0, money)}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
