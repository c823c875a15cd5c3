import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import { formatVnd } from 'shared-contracts';
import { formatCalendarDate } from 'shared-contracts/calendar';
import type { CodStatementImport } from 'shared-contracts/schemas';
import { ScrollRegion } from '../components/ScrollRegion';
import { codStatementText as t } from './codStatementText';
import styles from './CodStatements.module.css';

/** The payments exceptions queue of the area (the web-order desk's "Giao dịch cần xử lý"), opened on one exception. */
export const exceptionsQueuePath = (area: 'admin' | 'manager', exceptionId?: number) =>
  `/${area}/web-orders?view=payments${exceptionId === undefined ? '' : `&exception=${exceptionId}`}`;

const HEADING_ID = 'cod-statement-result-heading';

interface Props {
  result: CodStatementImport;
  area: 'admin' | 'manager';
}

/**
 * What an import answered: the statement (imported now or before: "Đã nhập trước đó"), its counts and totals, and
 * the lines that did not reconcile, each with the exception it opened in the payments queue.
 */
export const CodStatementResult = forwardRef<HTMLHeadingElement, Props>(function CodStatementResult({ result, area }, heading) {
  const { statement, exceptions, alreadyImported } = result;
  const period = t.periodRange(statement.periodFrom && formatCalendarDate(statement.periodFrom), statement.periodTo && formatCalendarDate(statement.periodTo));
  return (
    <section className={styles.panel} aria-labelledby={HEADING_ID}>
      <div className={styles.headingRow}>
        <h2 id={HEADING_ID} ref={heading} tabIndex={-1}>
          {t.resultHeading}
        </h2>
        {alreadyImported && <span className={styles.badge}>{t.alreadyImported}</span>}
      </div>
      <p className={styles.muted}>
        {t.statementOf(statement.carrierLabel, statement.reference)} · {t.periodColumn}: {period}
      </p>
      <dl className={styles.counts}>
        <div>
          <dt>{t.lines}</dt>
          <dd>{statement.lineCount}</dd>
        </div>
        <div>
          <dt>{t.matched}</dt>
          <dd>{statement.matchedCount}</dd>
        </div>
        <div className={statement.mismatchCount > 0 ? styles.warn : undefined}>
          <dt>{t.mismatched}</dt>
          <dd>{statement.mismatchCount}</dd>
        </div>
        <div className={statement.unknownCount > 0 ? styles.warn : undefined}>
          <dt>{t.unknown}</dt>
          <dd>{statement.unknownCount}</dd>
        </div>
        <div>
          <dt>{t.totalCod}</dt>
          <dd>{formatVnd(statement.totalCod)}</dd>
        </div>
        <div>
          <dt>{t.totalFee}</dt>
          <dd>{formatVnd(statement.totalFee)}</dd>
        </div>
      </dl>
      {exceptions.length === 0 ? (
        <p>{t.allMatched}</p>
      ) : (
        <>
          <ScrollRegion className={styles.tableWrap} label={t.exceptionsCaption(exceptions.length)}>
            <table className={styles.table}>
              <caption>{t.exceptionsCaption(exceptions.length)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.lineNo}</th>
                  <th scope="col">{t.trackingCode}</th>
                  <th scope="col">{t.orderCode}</th>
                  <th scope="col" className={styles.money}>
                    {t.statementAmount}
                  </th>
                  <th scope="col" className={styles.money}>
                    {t.expectedAmount}
                  </th>
                  <th scope="col">{t.outcome}</th>
                  <th scope="col">{t.exception}</th>
                </tr>
              </thead>
              <tbody>
                {exceptions.map((line) => (
                  <tr key={line.lineNo}>
                    <td>{line.lineNo}</td>
                    <th scope="row">{line.trackingCode}</th>
                    <td>{line.orderCode ?? t.noValue}</td>
                    <td className={`${styles.money} ${styles.differs}`}>{formatVnd(line.codAmount)}</td>
                    <td className={styles.money}>{line.expectedAmount === null ? t.noValue : formatVnd(line.expectedAmount)}</td>
                    <td>{line.outcomeLabel}</td>
                    <td>
                      {line.exceptionId === null ? (
                        t.noValue
                      ) : (
                        <Link className={styles.link} to={exceptionsQueuePath(area, line.exceptionId)}>
                          {t.openException(line.exceptionId)}
                        </Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Link className={styles.link} to={exceptionsQueuePath(area)}>
            {t.exceptionsQueue}
          </Link>
        </>
      )}
    </section>
  );
});
