import type { ReactNode } from 'react';
import { formatDateTime } from 'shared-contracts';
import { loyaltyText } from './loyaltyText';
import styles from './Loyalty.module.css';

const t = loyaltyText.settings;

interface RuleChange {
  id: number;
  effectiveFrom: string;
  createdAt: string;
  changedBy: { fullName: string } | null;
}

/** One column of a change's own values. */
export interface RuleColumn<C> {
  key: string;
  label: string;
  numeric?: boolean;
  cell: (change: C) => ReactNode;
}

function statusOf(change: RuleChange, currentId: number, now: number): string {
  if (change.id === currentId) return t.statuses.current;
  return Date.parse(change.effectiveFrom) > now ? t.statuses.upcoming : t.statuses.past;
}

/** "Lịch sử thay đổi": every change of a rules table, from when, its values, who made it, when, and its status. */
export function RuleHistory<C extends RuleChange>({ headingId, caption, history, currentId, columns }: { headingId: string; caption: string; history: readonly C[]; currentId: number; columns: readonly RuleColumn<C>[] }) {
  const now = Date.now();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId}>{t.historyHeading}</h3>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={styles.muted}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.effectiveFrom}</th>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.numeric ? styles.numeric : undefined}>
                  {column.label}
                </th>
              ))}
              <th scope="col">{t.changedBy}</th>
              <th scope="col">{t.changedAt}</th>
              <th scope="col">{t.status}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((change) => (
              <tr key={change.id}>
                <th scope="row">
                  <time dateTime={change.effectiveFrom}>{formatDateTime(change.effectiveFrom)}</time>
                </th>
                {columns.map((column) => (
                  <td key={column.key} className={column.numeric ? styles.numeric : undefined}>
                    {column.cell(change)}
                  </td>
                ))}
                <td>{change.changedBy?.fullName ?? t.system}</td>
                <td>
                  <time dateTime={change.createdAt}>{formatDateTime(change.createdAt)}</time>
                </td>
                <td>{statusOf(change, currentId, now)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
