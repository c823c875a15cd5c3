import { useId } from 'react';
import { useAsync } from '../hooks/useAsync';
import { recallsApi } from './recallsApi';
import { recallsText } from './recallsText';
import styles from './Recalls.module.css';

const t = recallsText.completion;
const readCompletion = (signal: AbortSignal) => recallsApi.completion(signal);

/** The manager's KPI (every centre for the admin): recall remedies booked at the centre and how many are done. */
export function RecallCompletionPanel() {
  const titleId = useId();
  const { state } = useAsync(readCompletion, {});
  const rows = state.data ?? null;
  // nothing until it has answered (a failure hides it: the KPIs around it stay)
  if (rows === null) return null;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{t.title}</h2>
      {rows.length === 0 && <p className={styles.hint}>{t.empty}</p>}
      {rows.length > 0 && (
        <ul>
          {rows.map((row) => (
            <li key={row.centreId}>
              <strong>{row.centreName}</strong>: {t.row(row.done, row.scheduled, row.completionPercent)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
