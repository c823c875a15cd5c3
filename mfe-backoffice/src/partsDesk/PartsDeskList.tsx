import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { PARTS_REQUEST_STATUS_LABELS, PARTS_REQUEST_STATUSES, type PartsRequestStatus } from 'shared-contracts/backoffice';
import type { PartsDesk, PartsRequest } from 'shared-contracts/schemas';
import { messageOf } from '../frontDesk/apiRead';
import { LiveStatus, useFloorEvents } from '../floorEvents';
import { DeskNotices } from './DeskNotices';
import { deskActionsFor } from './deskActions';
import { partsDeskApi } from './partsDeskApi';
import { partsDeskText as t } from './partsDeskText';
import { PartsRequestActions } from './PartsRequestActions';
import { PartsRequestItem } from './PartsRequestItem';
import { useSessionRole } from './sessionRole';
import { useDeskRunner } from './useDeskRunner';
import styles from './PartsDesk.module.css';

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; desk: PartsDesk };

const isStatus = (value: string): value is PartsRequestStatus => (PARTS_REQUEST_STATUSES as readonly string[]).includes(value);

/**
 * S6: the centre's parts requests by status (GET /staff/parts-requests), each with the centre's availability
 * and the actions the machine allows. Without a status: every request of the orders still on the floor, what
 * needs the desk first. Live: any change on the floor reloads the list.
 */
export function PartsDeskList() {
  const role = useSessionRole();
  const statusId = useId();
  const [status, setStatus] = useState<PartsRequestStatus | ''>('');
  const [state, setState] = useState<State>({ kind: 'loading' });
  const inflight = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    partsDeskApi.desk(status === '' ? undefined : status, controller.signal).then(
      (desk) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', desk });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((current) => (current.kind === 'ready' ? current : { kind: 'failed', message: messageOf(error, t.loadFailed) }));
      },
    );
  }, [status]);

  useEffect(() => {
    setState({ kind: 'loading' });
    load();
    return () => inflight.current?.abort();
  }, [load]);

  const mode = useFloorEvents(() => load());
  // after an action the request may leave this status: the list is read again (the stream would also say so)
  const { notice, run } = useDeskRunner({ onUpdated: load, onStale: load });

  const desk = state.kind === 'ready' ? state.desk : null;
  const requests: PartsRequest[] = desk?.requests ?? [];

  return (
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
      {state.kind === 'loading' && <p>{t.list.loading}</p>}
      {state.kind === 'failed' && (
        <p role="alert" className={styles.alert}>
          {state.message}{' '}
          <button type="button" className={styles.secondary} onClick={load}>
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
  );
}
