import { useCallback } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { formatCalendarDate } from 'shared-contracts/calendar';
import { ListingState } from '../components/DeskParts';
import { ScrollRegion } from '../components/ScrollRegion';
import { latestOf, useAsync } from '../hooks/useAsync';
import { codStatementsApi } from './codStatementsApi';
import { codStatementText as t } from './codStatementText';
import styles from './CodStatements.module.css';

const read = (signal: AbortSignal) => codStatementsApi.list(signal);
const dateOf = (date: string | null) => (date === null ? null : formatCalendarDate(date));

/**
 * "Các bảng đối soát đã nhập": the statements imported, newest first, with their period, who imported them and when,
 * their counts and totals. `revision` (raised by an import) reads them again, keeping the list on screen meanwhile.
 */
export function CodStatementList({ revision }: { revision: number }) {
  const { state, reload } = useAsync(read, { failedText: t.listFailed, start: 'keep', reloadKey: revision });
  const listing = latestOf(state);
  const retry = useCallback(() => reload('fresh'), [reload]);
  const statements = listing.status === 'ready' ? listing.data : null;

  return (
    <section className={styles.panel} aria-labelledby="cod-statement-list-heading">
      <h2 id="cod-statement-list-heading">{t.listHeading}</h2>
      <ListingState listing={listing} loadingText={t.loading} retryText={t.retry} onRetry={retry} />
      {statements && statements.length === 0 && <p>{t.empty}</p>}
      {statements && statements.length > 0 && (
        <ScrollRegion className={styles.tableWrap} label={t.listCaption}>
          <table className={styles.table}>
            <caption>{t.listCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.carrier}</th>
                <th scope="col">{t.reference}</th>
                <th scope="col">{t.periodColumn}</th>
                <th scope="col">{t.importedAt}</th>
                <th scope="col">{t.importedBy}</th>
                <th scope="col" className={styles.money}>
                  {t.lines}
                </th>
                <th scope="col" className={styles.money}>
                  {t.matched}
                </th>
                <th scope="col" className={styles.money}>
                  {t.mismatched}
                </th>
                <th scope="col" className={styles.money}>
                  {t.unknown}
                </th>
                <th scope="col" className={styles.money}>
                  {t.totalCod}
                </th>
                <th scope="col" className={styles.money}>
                  {t.totalFee}
                </th>
              </tr>
            </thead>
            <tbody>
              {statements.map((statement) => (
                <tr key={statement.id}>
                  <td>{statement.carrierLabel}</td>
                  <th scope="row">{statement.reference}</th>
                  <td>{t.periodRange(dateOf(statement.periodFrom), dateOf(statement.periodTo))}</td>
                  <td>
                    <time dateTime={statement.importedAt}>{formatDateTime(statement.importedAt)}</time>
                  </td>
                  <td>{statement.importedBy ?? t.noValue}</td>
                  <td className={styles.money}>{statement.lineCount}</td>
                  <td className={styles.money}>{statement.matchedCount}</td>
                  <td className={`${styles.money} ${statement.mismatchCount > 0 ? styles.differs : ''}`}>{statement.mismatchCount}</td>
                  <td className={`${styles.money} ${statement.unknownCount > 0 ? styles.differs : ''}`}>{statement.unknownCount}</td>
                  <td className={styles.money}>{formatVnd(statement.totalCod)}</td>
                  <td className={styles.money}>{formatVnd(statement.totalFee)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
