import { useCallback, useState } from 'react';
import type { FreePartLine } from 'shared-contracts/schemas';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { DeskNotices } from './DeskNotices';
import { freeLinesDeskApi } from './freeLinesDeskApi';
import { FreePartLineItem, freeLineActionsFor, type RunFreeLineAction } from './FreePartLineItem';
import { partsDeskText } from './partsDeskText';
import { useSessionRole } from '../hooks/useSessionRole';
import type { DeskNotice } from './useDeskRunner';
import styles from './PartsDesk.module.css';

const t = partsDeskText.free;
const readLines = (signal: AbortSignal) => freeLinesDeskApi.list(signal);

/**
 * S6: the centre's parts outside the catalogue (GET /staff/parts-free-lines), unresolved first, each marked
 * "Ngoài danh mục". Linking or ordering answers with the server's message; a 409 (another desk resolved the line
 * first, or the order left the floor) is explained and the list read again. `refreshKey` changes on every change
 * of the floor (the requests' live stream): the list is read again, keeping what is shown.
 */
interface Props {
  refreshKey: number;
  /** A line was resolved (a link makes a parts request): the requests' list is read again. */
  onResolved: () => void;
}

export function FreePartLinesPanel({ refreshKey, onResolved }: Props) {
  const role = useSessionRole();
  const { state: loaded, reload } = useAsync(readLines, { failedText: t.loadFailed, reloadKey: refreshKey });
  const state = loadedOf(loaded);
  const [notice, setNotice] = useState<DeskNotice>(null);

  const run = useCallback<RunFreeLineAction>(
    async (line, input) => {
      setNotice(null);
      try {
        const outcome =
          input.action === 'link'
            ? await freeLinesDeskApi.link(line.id, { productId: input.productId, version: line.version })
            : await freeLinesDeskApi.specialOrder(line.id, { supplierNote: input.supplierNote, expectedDate: input.expectedDate, version: line.version });
        setNotice({ kind: 'done', text: outcome.message ?? partsDeskText.actions.done });
        reload();
        onResolved();
        return { done: true };
      } catch (error) {
        const message = messageOf(error, partsDeskText.actionFailed);
        if (isConflict(error)) {
          setNotice({ kind: 'failed', text: `${message} ${t.reloaded}` });
          reload();
          onResolved();
          return { done: true };
        }
        const fields = fieldErrorsOf(error);
        if (Object.keys(fields).length === 0) setNotice({ kind: 'failed', text: message });
        return { done: false, fields };
      }
    },
    [reload, onResolved],
  );

  const lines: FreePartLine[] = state.status === 'ready' ? state.data : [];
  const openCount = lines.filter((line) => line.status === 'OPEN').length;

  return (
    <section className={styles.panel} aria-labelledby="free-part-lines-heading">
      <div className={styles.panelHeader}>
        <h2 id="free-part-lines-heading">{t.heading}</h2>
        {state.status === 'ready' && <p className={styles.muted}>{t.openCount(openCount)}</p>}
      </div>
      <p className={styles.hint}>{t.intro}</p>
      <DeskNotices notice={notice} />
      {state.status === 'loading' && <p>{t.loading}</p>}
      {state.status === 'failed' && (
        <p role="alert" className={styles.alert}>
          {state.message}{' '}
          <button type="button" className={styles.secondary} onClick={() => reload('fresh')}>
            {partsDeskText.retry}
          </button>
        </p>
      )}
      {state.status === 'ready' &&
        (lines.length === 0 ? (
          <p className={styles.muted}>{t.empty}</p>
        ) : (
          <ul className={styles.requests}>
            {lines.map((line) => (
              <li key={line.id}>
                <FreePartLineItem key={line.version} line={line} actions={freeLineActionsFor(line, role)} refreshKey={refreshKey} run={run} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
