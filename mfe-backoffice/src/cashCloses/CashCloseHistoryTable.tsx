import { formatVnd } from 'shared-contracts';
import { CASH_CLOSE_HISTORY_LIMIT } from 'shared-contracts/backoffice';
import type { CashCloseHistory } from 'shared-contracts/schemas';
import { ScrollRegion } from '../components/ScrollRegion';
import { formatCloseInstant, signedVnd } from './cashCloseFormat';
import { cashCloseText as t } from './cashCloseText';
import styles from './CashCloses.module.css';

interface Props {
  history: CashCloseHistory;
  /** Managers (and admins): a close whose count differed is marked "Lệch" and shown in red. */
  highlightDifferences: boolean;
  caption: string;
}

/** The closes of the chosen range, newest first, with the range's totals. */
export function CashCloseHistoryTable({ history, highlightDifferences, caption }: Props) {
  if (history.items.length === 0) return <p>{t.historyEmpty}</p>;
  return (
    <>
      <ScrollRegion className={styles.tableWrap} label={caption}>
        <table className={styles.table}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.closedAt}</th>
              <th scope="col">{t.periodFrom}</th>
              <th scope="col">{t.closedBy}</th>
              <th scope="col">{t.expectedColumn}</th>
              <th scope="col">{t.countedColumn}</th>
              <th scope="col">{t.difference}</th>
              <th scope="col">{t.reasonColumn}</th>
            </tr>
          </thead>
          <tbody>
            {history.items.map((close) => {
              const flagged = highlightDifferences && close.difference !== 0;
              return (
                <tr key={close.id} className={flagged ? styles.flagged : undefined}>
                  <th scope="row">
                    <time dateTime={close.closedAt}>{formatCloseInstant(close.closedAt)}</time>
                  </th>
                  <td>
                    <time dateTime={close.periodFrom}>{formatCloseInstant(close.periodFrom)}</time>
                  </td>
                  <td>{close.closedBy.fullName}</td>
                  <td className={styles.money}>{formatVnd(close.expected)}</td>
                  <td className={styles.money}>{formatVnd(close.counted)}</td>
                  <td className={`${styles.money} ${flagged ? styles.differenceCell : ''}`}>
                    {signedVnd(close.difference, formatVnd)}
                    {flagged && <span className={styles.flag}>{t.differs}</span>}
                  </td>
                  <td>{close.reason ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t.total}
              </th>
              <td className={styles.money}>{formatVnd(history.totals.expected)}</td>
              <td className={styles.money}>{formatVnd(history.totals.counted)}</td>
              <td className={`${styles.money} ${highlightDifferences && history.totals.difference !== 0 ? styles.differenceCell : ''}`}>{signedVnd(history.totals.difference, formatVnd)}</td>
              <td>{t.withDifference(history.totals.withDifference)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
      {history.truncated && <p className={styles.muted}>{t.historyTruncated(CASH_CLOSE_HISTORY_LIMIT)}</p>}
    </>
  );
}
