import { useCallback, useId, type ReactNode } from 'react';
import type { CatalogueChange } from 'shared-contracts/schemas';
import { useAsync } from '../hooks/useAsync';
import { catalogueText, formatDateTime } from './catalogueAdminText';
import styles from './CatalogueAdmin.module.css';

const t = catalogueText;

/** The before and after cells of one change, as the admin reads them. */
export type ChangeCells = (change: CatalogueChange) => readonly [ReactNode, ReactNode];

/** The changes of an item (newest first): when, who, which field, before → after. */
export function ChangeTable({ changes, fieldLabel, cells }: { changes: readonly CatalogueChange[]; fieldLabel: (field: string) => string; cells: ChangeCells }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t.historyColumns.when}</th>
            <th scope="col">{t.historyColumns.who}</th>
            <th scope="col">{t.historyColumns.field}</th>
            <th scope="col">{t.historyColumns.before}</th>
            <th scope="col">{t.historyColumns.after}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => {
            const [before, after] = cells(change);
            return (
              <tr key={change.id}>
                <td>{formatDateTime(change.changedAt)}</td>
                <td>{change.actor?.name ?? t.system}</td>
                <td>{fieldLabel(change.field)}</td>
                <td>{before}</td>
                <td>{after}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** An item's change history read from `load(id)`, read again when `reloadKey` changes (after a save). */
export function ChangeHistory({
  itemId,
  load,
  reloadKey,
  fieldLabel,
  cells,
}: {
  itemId: number;
  load: (id: number, signal: AbortSignal) => Promise<CatalogueChange[]>;
  reloadKey: number;
  fieldLabel: (field: string) => string;
  cells: ChangeCells;
}) {
  const id = useId();
  const read = useCallback((signal: AbortSignal) => load(itemId, signal), [itemId, load]);
  const { state } = useAsync(read, { reloadKey, start: 'keep' });
  const changes = state.data ?? [];
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t.history}</h3>
      {state.error && <p className={styles.alert}>{state.error}</p>}
      {state.data && changes.length === 0 && <p>{t.noHistory}</p>}
      {changes.length > 0 && <ChangeTable changes={changes} fieldLabel={fieldLabel} cells={cells} />}
    </section>
  );
}
