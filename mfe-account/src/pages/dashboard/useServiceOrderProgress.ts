import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServiceOrderStatus } from 'shared-contracts/backoffice';
import type { CustomerServiceOrder } from 'shared-contracts/schemas';
import type { ServiceOrderLiveEvent } from '../../service/appointmentEvents';
import { serviceApi } from '../../service/serviceApi';
import { keepIfShown, loadedOf, useAsync, type Loaded } from '../../hooks/useAsync';
import { useApprovalDecision } from './approvals/approvalDecisions';

/** The order's status as shown: the latest pushed or fetched. */
export interface ShownServiceOrder {
  status: ServiceOrderStatus;
  pendingApprovals: number;
}

export interface ServiceOrderProgress {
  /** The fetch of GET /appointments/:id/service-order (null data: no order yet, or not asked for). */
  state: Loaded<CustomerServiceOrder | null>;
  /** The status to show, null while none is known. */
  shown: ShownServiceOrder | null;
  /** The order's code, from the fetch or the live event. */
  code: string;
  reload: () => void;
}

function shownOf(source: { status: string; pendingApprovals: number }): ShownServiceOrder {
  return { status: source.status as ServiceOrderStatus, pendingApprovals: source.pendingApprovals };
}

/**
 * The service order of an appointment's car, for its card: fetched once `enabled` (the car is at the centre, or
 * an event about its order arrived), again on every live event and after a reconnection (`refresh`), and after
 * the customer decided on extra work here. Whichever is newer wins: the event just pushed (its status shows at
 * once) or the order just fetched.
 */
export function useServiceOrderProgress(appointmentId: number, enabled: boolean, live: ServiceOrderLiveEvent | null, refresh: number): ServiceOrderProgress {
  const read = useCallback((signal: AbortSignal) => (enabled ? serviceApi.appointmentServiceOrder(appointmentId, signal) : Promise.resolve(null)), [appointmentId, enabled]);
  const { state: loaded, reload: reloadAs } = useAsync(read, {});
  const state = loadedOf(loaded);
  // a reload keeps the order on screen (also when it fails), else shows loading
  const reload = useCallback(() => reloadAs(keepIfShown), [reloadAs]);
  const data = state.status === 'ready' ? state.data : null;
  const [shown, setShown] = useState<ShownServiceOrder | null>(live ? shownOf(live) : null);
  const liveKey = live ? `${live.status}|${live.pendingApprovals}|${live.at}` : '';
  const firstLive = useRef(true);

  useEffect(() => {
    if (firstLive.current) {
      firstLive.current = false;
      return;
    }
    if (live) setShown(shownOf(live));
    if (enabled || live) reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [liveKey, refresh]);
  useEffect(() => {
    if (data) setShown(shownOf(data));
  }, [data]);

  // the customer just approved or declined extra work in the 'Cần bạn duyệt' card: the count goes down at once,
  // and the order is fetched again (its lines and estimate moved)
  const decision = useApprovalDecision(appointmentId);
  const firstDecision = useRef(true);
  useEffect(() => {
    if (firstDecision.current) {
      firstDecision.current = false;
      return;
    }
    if (!decision) return;
    setShown((current) => (current ? { ...current, pendingApprovals: decision.pending } : current));
    reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decision?.seq]);

  return { state, shown, code: data?.code ?? live?.serviceOrderCode ?? '', reload };
}
