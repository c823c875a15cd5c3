import { useCallback, useRef, useState } from 'react';
import type { CustomerApproval } from 'shared-contracts/schemas';
import type { ServiceOrderLiveEvent } from '../../../service/appointmentEvents';
import { serviceApi } from '../../../service/serviceApi';
import { keepIfShown, loadedOf, useAsync } from '../../../hooks/useAsync';
import type { ApprovalDecisions } from './approvalDecisions';
import { pendingOf } from './approvalFigures';

/** GET /me/approvals; nothing to approve while the endpoint does not exist (404). */
async function loadApprovals(signal: AbortSignal): Promise<CustomerApproval[]> {
  return (await serviceApi.approvals(signal)) ?? [];
}

/**
 * The customer's requests waiting for their answer, kept current: fetched on mount, again when a `service-order`
 * event tells of another count for an order (staff sent a new request or withdrew one, the deadline passed) and
 * after the stream reconnects; `decided` records the customer's own decisions for the service order panels.
 */
export function useApprovals() {
  const load = useAsync(loadApprovals, {});
  const state = loadedOf(load.state);
  const { reload: reloadAs, setData } = load;
  // a reload keeps the list on screen (also when it fails), else shows loading
  const reload = useCallback(() => reloadAs(keepIfShown), [reloadAs]);
  const update = useCallback((change: (list: CustomerApproval[]) => CustomerApproval[]) => setData((list) => list && change(list)), [setData]);
  const [decisions, setDecisions] = useState<ApprovalDecisions>({});
  // the pendingApprovals each order's last event said, by appointment
  const lastCount = useRef<Record<number, number>>({});
  const items = state.status === 'ready' ? state.data : [];

  /** A `service-order` event: fetch the list again when its count differs from what was known of that order. */
  const onServiceOrder = (event: ServiceOrderLiveEvent) => {
    const known = lastCount.current[event.appointmentId] ?? pendingOf(items, event.appointmentId);
    lastCount.current[event.appointmentId] = event.pendingApprovals;
    if (known !== event.pendingApprovals) reload();
  };

  /** The customer decided `decided`; `remaining` is what still waits (the panels count down at once). */
  const decided = useCallback((done: readonly CustomerApproval[], remaining: readonly CustomerApproval[]) => {
    if (done.length === 0) return;
    setDecisions((current) => {
      const next = { ...current };
      for (const appointmentId of new Set(done.map((item) => item.appointmentId))) {
        next[appointmentId] = { seq: (current[appointmentId]?.seq ?? 0) + 1, pending: pendingOf(remaining, appointmentId) };
      }
      return next;
    });
  }, []);

  return { state, reload, update, onServiceOrder, decisions, decided };
}

export type Approvals = ReturnType<typeof useApprovals>;
