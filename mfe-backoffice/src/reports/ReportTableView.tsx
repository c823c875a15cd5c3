import { useCallback, useState } from 'react';
import { reportCsvPath, reportTitles, type ReportName } from 'shared-contracts/backoffice';
import type { ReportTable } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { LoadFailed, Loading } from '../components/LoadStatus';
import { ScrollRegion } from '../components/ScrollRegion';
import { displayDate, type KpiRange } from '../kpis';
import { downloadCsv } from '../api/csvDownload';
import { reportsApi } from './reportsApi';
import { formatCell, formatRowCount } from './reportFormat';
import { reportsText } from './reportsText';
import styles from './Reports.module.css';
import { useRangeLoad } from './useRangeLoad';

const t = reportsText.table;

interface Props {
  name: ReportName;
  range: KpiRange;
  centreId?: number;
  /** The centre's name (or 'Tất cả trung tâm'), for the caption. */
  centreLabel: string;
  onRangeInvalid: (message: string) => void;
}

/** The CSV download of a report: a real link (its address says what it is), fetched with the session's token. */
export function CsvLink({ name, range, centreId }: { name: ReportName; range: KpiRange; centreId?: number }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const href = reportCsvPath(name, range, centreId);
  const fileName = `bao-cao-${name}_${range.from}_${range.to}.csv`;
  return (
    <div className={styles.csv}>
      <a
        className={styles.download}
        href={href}
        download={fileName}
        aria-disabled={busy || undefined}
        onClick={(event) => {
          event.preventDefault();
          if (busy) return;
          setBusy(true);
          setFailed(null);
          downloadCsv(href, fileName, reportsText.csv.failed)
            .catch((error: unknown) => setFailed(messageOf(error, reportsText.csv.failed)))
            .finally(() => setBusy(false));
        }}
      >
        {busy ? reportsText.csv.downloading : reportsText.csv.download}
      </a>
      {failed && (
        <p className={styles.alert} role="alert">
          {failed}
        </p>
      )}
    </div>
  );
}

/** The chosen report's table: its columns and first rows as the CSV has them, and a note when the CSV has more. */
export function ReportTableView({ name, range, centreId, centreLabel, onRangeInvalid }: Props) {
  const { from, to } = range;
  const fetchTable = useCallback((signal: AbortSignal): Promise<ReportTable> => reportsApi.table(name, { from, to }, centreId, signal), [name, from, to, centreId]);
  const { state, retry } = useRangeLoad(fetchTable, onRangeInvalid, t.loadFailed);

  const title = reportTitles[name];
  return (
    <section className={styles.section} aria-labelledby="report-table-heading" aria-busy={state.kind === 'loading'}>
      <div className={styles.tableHead}>
        <h2 id="report-table-heading">{title}</h2>
        {state.kind !== 'hidden' && <CsvLink name={name} range={{ from, to }} centreId={centreId} />}
      </div>
      {state.kind === 'loading' && <Loading text={t.loading} />}
      {state.kind === 'failed' && <LoadFailed message={state.message} retryLabel={t.reload} onRetry={retry} />}
      {state.kind === 'loaded' && <LoadedTable table={state.value} title={title} centreLabel={centreLabel} />}
    </section>
  );
}

function LoadedTable({ table, title, centreLabel }: { table: ReportTable; title: string; centreLabel: string }) {
  if (table.rows.length === 0) return <p className={styles.muted}>{t.empty}</p>;
  const truncated = table.totalRows > table.rows.length;
  return (
    <>
      <p className={truncated ? styles.note : styles.muted} role="status">
        {truncated ? t.truncated(formatRowCount(table.rows.length), formatRowCount(table.totalRows)) : t.rows(formatRowCount(table.totalRows))}
      </p>
      <ScrollRegion className={styles.tableWrap} label={t.scrollLabel(title)}>
        <table className={styles.table}>
          <caption>{t.caption(title, displayDate(table.from), displayDate(table.to), centreLabel)}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column.key} scope="col" className={column.kind === 'text' || column.kind === 'datetime' ? undefined : styles.numeric}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, index) => (
              <tr key={index}>
                {table.columns.map((column) => (
                  <td key={column.key} className={column.kind === 'money' || column.kind === 'number' ? styles.numeric : undefined}>
                    {formatCell(column.kind, row[column.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
