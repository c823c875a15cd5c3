import { useCallback, useId, useState } from 'react';
import { PARTS_REQUEST_STATUS_LABELS, PARTS_REQUEST_STATUSES, type PartsRequestStatus } from 'shared-contracts/backoffice';
import type { PartsRequest } from 'shared-contracts/schemas';
import { LiveStatus, useFloorEvents } from '../floorEvents';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { DeskNotices } from './DeskNotices';
import { deskActionsFor } from './deskActions';
import { FreePartLinesPanel } from './FreePartLinesPanel';
import { partsDeskApi } from './partsDeskApi';
import { partsDeskText as t } from './partsDeskText';
import { PartsRequestActions } from './PartsRequestActions';
import { PartsRequestItem } from './PartsRequestItem';
import { useSessionRole } from '../hooks/useSessionRole';
import { useDeskRunner } from './useDeskRunner';
import styles from './PartsDesk.module.css';

const isStatus = (value: string): value is PartsRequestStatus => (PARTS_REQUEST_STATUSES as readonly string[]).includes(value);

/**
 * S6: the centre's parts requests by status (GET /staff/parts-requests), each with the centre's availability
 * and the actions the machine allows. Without a status: every request of the orders still on the floor, what
 * needs the desk first. Above them the parts described outside the catalogue. Live: any change on the floor
 * reloads both lists.
 */
export function PartsDeskList() {
  const role = useSessionRole();
  const statusId = useId();
  const [status, setStatus] = useState<PartsRequestStatus | ''>('');
  const readDesk = useCallback((signal: AbortSignal) => partsDeskApi.desk(status === '' ? undefined : status, signal), [status]);
  // another status starts afresh; a failed reload keeps the list on screen
  const { state: loaded, reload } = useAsync(readDesk, { failedText: t.loadFailed });
  const state = loadedOf(loaded);

  const [floorTick, setFloorTick] = useState(0);
  const mode = useFloorEvents(() => {
    reload();
    setFloorTick((tick) => tick + 1);
  });
  // after an action the request may leave this status: the list is read again (the stream would also say so)
  const { notice, run } = useDeskRunner({ onUpdated: () => reload(), onStale: () => reload() });

  const desk = state.status === 'ready' ? state.data : null;
  const requests: PartsRequest[] = desk?.requests ?? [];

  return (
    <>
      <FreePartLinesPanel refreshKey={floorTick} onResolved={reload} />
      <section className={styles.panel} aria-labelledby="parts-desk-list-heading">
        <div className={styles.panelHeader}>
          <h2 id="parts-desk-list-heading">{desk ? t.list.heading(desk.centre.name) : t.list.headingPlain}</h2>
          <LiveStatus mode={mode} />
        </div>
        <div className={styles.toolbar}>
          <div className={styles.field}>
            <label htmlFor={statusId}>{t.list.status}</label>
            <select
              id={statusId}
              className={styles.select}
              value={status}
              onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : '')}
            >
              <option value="">{t.list.onFloor}</option>
              {PARTS_REQUEST_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {PARTS_REQUEST_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          {desk && <p className={styles.muted}>{t.list.count(requests.length)}</p>}
        </div>
        <DeskNotices notice={notice} />
        {state.status === 'loading' && <p>{t.list.loading}</p>}
        {state.status === 'failed' && (
          <p role="alert" className={styles.alert}>
            {state.message}{' '}
            <button type="button" className={styles.secondary} onClick={() => reload()}>
              {t.retry}
            </button>
          </p>
        )}
        {desk &&
          (requests.length === 0 ? (
            <p className={styles.muted}>{t.list.empty}</p>
          ) : (
            <ul className={styles.requests}>
              {requests.map((request) => (
                <li key={request.id}>
                  <PartsRequestItem request={request} showOrder>
                    <PartsRequestActions key={request.version} request={request} actions={deskActionsFor(request, role)} run={run} />
                  </PartsRequestItem>
                </li>
              ))}
            </ul>
          ))}
      </section>
    </>
  );
}
