import { useCallback, useEffect, useState } from 'react';
import type { PartsRequest, ServiceOrderDetail } from 'shared-contracts/schemas';
import { DeskNotices } from './DeskNotices';
import { deskActionsFor } from './deskActions';
import { partsDeskApi } from './partsDeskApi';
import { partsDeskText as t } from './partsDeskText';
import { PartsRequestActions } from './PartsRequestActions';
import { PartsRequestItem } from './PartsRequestItem';
import { useSessionRole } from '../hooks/useSessionRole';
import { useDeskRunner } from './useDeskRunner';
import styles from './PartsDesk.module.css';

const replace = (list: PartsRequest[], next: PartsRequest) => list.map((request) => (request.id === next.id ? next : request));

/**
 * The parts desk inside the service order's drawer (S5, S6): the order's parts requests with their status,
 * quantity, price and availability, and the actions the machine allows the signed-in role. The drawer's own
 * reload (a floor change of this order, live) brings new requests and figures; an action answers the request as
 * it is now, and a 409 reloads it.
 */
export function PartsDeskSection({ order }: { order: ServiceOrderDetail }) {
  const role = useSessionRole();
  const [requests, setRequests] = useState<PartsRequest[]>(order.partsRequests ?? []);

  // the drawer reloaded the order (live change, or after its own action): what it brings is the newest
  useEffect(() => setRequests(order.partsRequests ?? []), [order.partsRequests]);

  const onUpdated = useCallback((id: number, next: PartsRequest | null) => {
    if (next) setRequests((list) => replace(list, next));
    else void partsDeskApi.request(id).then((fresh) => setRequests((list) => replace(list, fresh)), () => undefined);
  }, []);
  const onStale = useCallback((id: number) => {
    void partsDeskApi.request(id).then((fresh) => setRequests((list) => replace(list, fresh)), () => undefined);
  }, []);
  const { notice, run } = useDeskRunner({ onUpdated, onStale });

  const headingId = `parts-desk-${order.id}`;
  const anyActions = requests.some((request) => deskActionsFor(request, role).length > 0);

  return (
    <section className={styles.section} aria-labelledby={headingId} data-slot="parts-desk">
      <h3 id={headingId}>{t.heading}</h3>
      <DeskNotices notice={notice} />
      {requests.length === 0 ? (
        <p className={styles.muted}>{t.empty}</p>
      ) : (
        <>
          {!anyActions && role !== 'staff' && role !== 'manager' && <p className={styles.hint}>{t.readOnly}</p>}
          <ul className={styles.requests}>
            {requests.map((request) => (
              <li key={request.id}>
                <PartsRequestItem request={request}>
                  <PartsRequestActions key={request.version} request={request} actions={deskActionsFor(request, role)} run={run} />
                </PartsRequestItem>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
