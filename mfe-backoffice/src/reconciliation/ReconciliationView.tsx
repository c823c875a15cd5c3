import { useCallback, useState } from 'react';
import { formatVnd } from 'shared-contracts';
import { formatCalendarDate, vietnamDateOf } from 'shared-contracts/calendar';
import { messageOf } from '../api/apiErrors';
import { ScrollRegion } from '../components/ScrollRegion';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { downloadCsv } from '../api/csvDownload';
import { DateRangeForm, lastDays } from '../dateRange';
import { reconciliationApi } from './reconciliationApi';
import { reconciliationText as t } from './reconciliationText';
import styles from './Reconciliation.module.css';

/**
 * "Đối soát" (admin): a range of local dates (the last 7 days by default, at most 92), the daily table of
 * transfers received, matched, exceptions open and resolved and refunds, its totals, and the CSV downloads.
 */
export function ReconciliationView({ today = vietnamDateOf(Date.now()) }: { today?: string }) {
  const [range, setRange] = useState(() => lastDays(7, today));
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  // each range shown (the same one again too) loads afresh
  const read = useCallback((signal: AbortSignal) => reconciliationApi.load(range.from, range.to, signal), [range]);
  const loaded = loadedOf(useAsync(read, { failedText: t.failed }).state);

  const getCsv = (view: 'days' | 'transactions') => {
    setDownload({ busy: true, error: null });
    const name = `${view === 'days' ? 'doi-soat' : 'doi-soat-giao-dich'}_${range.from}_${range.to}.csv`;
    downloadCsv(reconciliationApi.csvPath(range.from, range.to, view), name, t.csvFailed)
      .then(() => setDownload({ busy: false, error: null }))
      .catch((error: unknown) => setDownload({ busy: false, error: messageOf(error, t.csvFailed) }));
  };
  const data = loaded.status === 'ready' ? loaded.data : null;

  return (
    <section className={styles.panel} aria-labelledby="reconciliation-heading">
      <h2 id="reconciliation-heading">{t.heading}</h2>
      <p className={styles.muted}>{t.intro}</p>
      <DateRangeForm value={range} onShow={setRange} buttonClassName={styles.primary} />
      {loaded.status === 'loading' && <p>{t.loading}</p>}
      {loaded.status === 'failed' && (
        <p role="alert" className={styles.error}>
          {loaded.message}
        </p>
      )}
      {data && (
        <>
          <ScrollRegion className={styles.tableWrap} label={t.caption(formatCalendarDate(data.from), formatCalendarDate(data.to))}>
            <table className={styles.table}>
              <caption>{t.caption(formatCalendarDate(data.from), formatCalendarDate(data.to))}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.date}</th>
                  <th scope="col">{t.received}</th>
                  <th scope="col">{t.receivedSum}</th>
                  <th scope="col">{t.matched}</th>
                  <th scope="col">{t.matchedSum}</th>
                  <th scope="col">{t.open}</th>
                  <th scope="col">{t.resolved}</th>
                  <th scope="col">{t.refunds}</th>
                </tr>
              </thead>
              <tbody>
                {data.days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{formatCalendarDate(day.date)}</th>
                    <td>{day.receivedCount}</td>
                    <td>{formatVnd(day.receivedSum)}</td>
                    <td>{day.matchedCount}</td>
                    <td>{formatVnd(day.matchedSum)}</td>
                    <td>{day.exceptionsOpen}</td>
                    <td>{day.exceptionsResolved}</td>
                    <td>{formatVnd(day.refundsSum)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t.total}</th>
                  <td>{data.totals.receivedCount}</td>
                  <td>{formatVnd(data.totals.receivedSum)}</td>
                  <td>{data.totals.matchedCount}</td>
                  <td>{formatVnd(data.totals.matchedSum)}</td>
                  <td>{data.totals.exceptionsOpen}</td>
                  <td>{data.totals.exceptionsResolved}</td>
                  <td>{formatVnd(data.totals.refundsSum)}</td>
                </tr>
              </tfoot>
            </table>
          </ScrollRegion>
          <div className={styles.actions}>
            <button type="button" className={styles.primary} disabled={download.busy} onClick={() => getCsv('days')}>
              {download.busy ? t.downloading : t.csv}
            </button>
            <button type="button" className={styles.secondary} disabled={download.busy} onClick={() => getCsv('transactions')}>
              {t.csvTransactions}
            </button>
          </div>
          {download.error && (
            <p role="alert" className={styles.error}>
              {download.error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
