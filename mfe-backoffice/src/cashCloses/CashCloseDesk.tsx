import { useCallback, useState } from 'react';
import { formatVnd } from 'shared-contracts';
import { CASH_CLOSE_LINES_LIMIT } from 'shared-contracts/backoffice';
import { formatCalendarDate, vietnamDateOf } from 'shared-contracts/calendar';
import { ListingState } from '../components/DeskParts';
import { DateRangeForm, lastDays } from '../dateRange';
import { ScrollRegion } from '../components/ScrollRegion';
import { LiveStatus, useFloorEvents } from '../floorEvents';
import { latestOf, loadedOf, useAsync } from '../hooks/useAsync';
import { CashCloseForm } from './CashCloseForm';
import { CashCloseHistoryTable } from './CashCloseHistoryTable';
import { cashClosesApi } from './cashClosesApi';
import { formatCloseInstant, signedVnd } from './cashCloseFormat';
import { cashCloseText as t } from './cashCloseText';
import styles from './CashCloses.module.css';

interface Props {
  /** Managers see the history's differences highlighted; an admin only reads. */
  viewer: 'staff' | 'manager' | 'admin';
  /** Today's local date (tests fix it). */
  today?: string;
}

/**
 * "Chốt ca": the centre's open period (from the last close) with the cash the ledger expects and each cash line,
 * the clerk's count and confirm, and the history of closes. Live: any change of the centre's floor (a payment, a
 * refund, someone's close) reloads the period and the history, keeping what is on screen until the answer.
 */
export function CashCloseDesk({ viewer, today = vietnamDateOf(Date.now()) }: Props) {
  const [revision, setRevision] = useState(0);
  const refresh = useCallback(() => setRevision((value) => value + 1), []);
  const mode = useFloorEvents(refresh);

  const readCurrent = useCallback((signal: AbortSignal) => cashClosesApi.current(signal), []);
  const current = useAsync(readCurrent, { failedText: t.loadFailed, start: 'keep', reloadKey: revision });
  const period = latestOf(current.state);

  const [range, setRange] = useState(() => lastDays(7, today));
  const readHistory = useCallback((signal: AbortSignal) => cashClosesApi.history(range.from, range.to, signal), [range]);
  const history = loadedOf(useAsync(readHistory, { failedText: t.historyFailed, start: 'keep', reloadKey: revision }).state);

  const data = period.status === 'ready' ? period.data : null;

  return (
    <div className={styles.desk}>
      <section className={styles.panel} aria-labelledby="cash-close-current">
        <div className={styles.headingRow}>
          <h2 id="cash-close-current">{t.currentHeading}</h2>
          <LiveStatus mode={mode} />
        </div>
        <ListingState listing={period} loadingText={t.loading} retryText={t.retry} onRetry={refresh} />
        {data && (
          <>
            <p className={styles.muted}>
              {data.sinceLastClose ? t.since(formatCloseInstant(data.from)) : t.sinceFirst(formatCloseInstant(data.from))}
              {data.lastClose && (
                <>
                  {' · '}
                  {t.lastClose(formatCloseInstant(data.lastClose.closedAt), data.lastClose.closedBy.fullName)}
                </>
              )}
            </p>
            <div className={styles.figures}>
              <div className={styles.expected}>
                <span>{t.expected}</span>
                <strong data-testid="cash-expected">{formatVnd(data.expected)}</strong>
                <small>{t.expectedNote}</small>
              </div>
              <dl className={styles.totals}>
                <div>
                  <dt>{t.cashIn}</dt>
                  <dd>
                    {formatVnd(data.cashIn)} ({t.payments(data.paymentsCount)})
                  </dd>
                </div>
                <div>
                  <dt>{t.cashRefunded}</dt>
                  <dd>
                    {formatVnd(data.cashRefunded)} ({t.refunds(data.refundsCount)})
                  </dd>
                </div>
              </dl>
            </div>
            {data.lines.length === 0 ? (
              <p>{t.noLines}</p>
            ) : (
              <ScrollRegion className={styles.tableWrap} label={t.linesCaption}>
                <table className={styles.table}>
                  <caption>{t.linesCaption}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t.code}</th>
                      <th scope="col">{t.kind}</th>
                      <th scope="col">{t.amount}</th>
                      <th scope="col">{t.by}</th>
                      <th scope="col">{t.at}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.lines.map((line) => (
                      <tr key={`${line.kind}-${line.code}-${line.at}`}>
                        <th scope="row">{line.code}</th>
                        <td>{line.kind === 'PAYMENT' ? t.payment : t.refund}</td>
                        <td className={styles.money}>{line.kind === 'PAYMENT' ? formatVnd(line.amount) : signedVnd(-line.amount, formatVnd)}</td>
                        <td>{line.by?.fullName ?? t.unknownPerson}</td>
                        <td>
                          <time dateTime={line.at}>{formatCloseInstant(line.at)}</time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
            {data.linesTruncated && <p className={styles.muted}>{t.linesTruncated(CASH_CLOSE_LINES_LIMIT)}</p>}
            {viewer === 'admin' ? (
              <p className={styles.muted}>{t.adminReadOnly}</p>
            ) : (
              <CashCloseForm period={data} onClosed={refresh} onStale={refresh} />
            )}
          </>
        )}
      </section>

      <section className={styles.panel} aria-labelledby="cash-close-history">
        <h2 id="cash-close-history">{t.historyHeading}</h2>
        <p className={styles.muted}>{viewer === 'staff' ? t.historyIntro : t.historyManagerIntro}</p>
        <DateRangeForm value={range} onShow={setRange} buttonClassName={styles.secondary} />
        <ListingState listing={history} loadingText={t.historyLoading} retryText={t.retry} onRetry={refresh} />
        {history.status === 'ready' && (
          <CashCloseHistoryTable
            history={history.data}
            highlightDifferences={viewer !== 'staff'}
            caption={t.historyCaption(formatCalendarDate(history.data.from), formatCalendarDate(history.data.to))}
          />
        )}
      </section>
    </div>
  );
}
