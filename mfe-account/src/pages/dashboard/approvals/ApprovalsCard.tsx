import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError, formatVnd } from 'shared-contracts';
import type { CustomerApproval } from 'shared-contracts/schemas';
import { failureMessage } from '../../../api/apiErrors';
import { LoadFailure } from '../../../service/LoadFailure';
import { serviceApi } from '../../../service/serviceApi';
import { APPROVALS_ANCHOR, totalsByOrder } from './approvalFigures';
import { ApprovalItem } from './ApprovalItem';
import { approvalsText as t } from './approvalsText';
import type { Approvals } from './useApprovals';
import formStyles from '../../../forms/Form.module.css';
import dashboardStyles from '../DashboardPage.module.css';
import styles from './Approvals.module.css';

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * A refusal that says the list on screen is out of date (deadline passed, decided elsewhere, withdrawn by the
 * centre, gone): the list is fetched again. A network failure keeps the request for another try.
 */
function listIsStale(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 409);
}

/** 'Đồng ý tất cả' asks first: what will be approved, and each order's new estimate. */
function ApproveAllConfirm({ items, running, onConfirm, onCancel }: { items: CustomerApproval[]; running: boolean; onConfirm: () => void; onCancel: () => void }) {
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmButton.current?.focus(), []);
  return (
    <div className={styles.confirm} role="group" aria-label={t.approveAllGroup}>
      <p>{t.approveAllLead}</p>
      {totalsByOrder(items).map((order) => (
        <div key={order.serviceOrderId} className={styles.confirmOrder}>
          <ul className={styles.confirmList}>
            {order.items.map((item) => (
              <li key={item.requestId}>{t.approveAllItem(item.part.name, item.quantity, formatVnd(item.lineTotal))}</li>
            ))}
          </ul>
          <p className={styles.confirmTotal}>
            {t.approveAllTotal(order.serviceOrderCode)}: <strong>{formatVnd(order.newEstimate)}</strong>
          </p>
        </div>
      ))}
      <div className={styles.actions}>
        <button ref={confirmButton} type="button" className={`${formStyles.primary} ${styles.button}`} onClick={onConfirm} disabled={running}>
          {running ? t.sending : t.confirmApproveAll}
        </button>
        <button type="button" className={`${formStyles.secondary} ${styles.button}`} onClick={onCancel} disabled={running}>
          {t.back}
        </button>
      </div>
    </div>
  );
}

/**
 * 'Cần bạn duyệt (n)' on /dashboard (spec back-office.md §6): shown while the customer has extra work to approve
 * (or while it still has something to tell them). Each decision is sent once (a second click while it is on its
 * way does nothing), removes the request, and fetches the list again (the other requests' estimates move with
 * it); a refusal shows the server's Vietnamese message and fetches the list again. Reached as
 * /dashboard#can-ban-duyet, the page scrolls to the card and focuses its heading.
 */
export function ApprovalsCard({ approvals }: { approvals: Approvals }) {
  const { state, reload, update, decided } = approvals;
  const items = state.status === 'ready' ? state.data : [];
  const [notice, setNotice] = useState<Notice | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [sending, setSending] = useState<ReadonlySet<number>>(new Set());
  // the requests listed when 'Đồng ý tất cả' was pressed: only those are approved
  const [confirmingAll, setConfirmingAll] = useState<readonly number[] | null>(null);
  const [runningAll, setRunningAll] = useState(false);
  // synchronous guards: two clicks in one tick both still see the old state, but the first has set the ref
  const inFlight = useRef(new Set<number>());
  const allInFlight = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const approveAllButton = useRef<HTMLButtonElement>(null);
  const backToApproveAll = useRef(false);
  const location = useLocation();
  const focusedFor = useRef<string | null>(null);
  const visible = items.length > 0 || notice !== null || state.status === 'failed';

  // /dashboard#can-ban-duyet (a link from the panel, the email's page): scroll to the card once it has something
  useEffect(() => {
    if (location.hash !== `#${APPROVALS_ANCHOR}` || items.length === 0 || focusedFor.current === location.key) return;
    focusedFor.current = location.key;
    const reduceMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.current?.closest('section')?.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
    heading.current?.focus({ preventScroll: true });
  }, [location.hash, location.key, items.length]);

  // 'Quay lại' from the confirmation: the keyboard goes back to 'Đồng ý tất cả'
  useEffect(() => {
    if (confirmingAll !== null || !backToApproveAll.current) return;
    backToApproveAll.current = false;
    approveAllButton.current?.focus();
  }, [confirmingAll]);

  const tell = (next: Notice) => {
    setNotice(next);
    setAnnouncement(next.text);
  };

  const setSendingOf = (ids: readonly number[], on: boolean) =>
    setSending((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  /** Removes what was decided, tells the panels, fetches the list again, keeps the keyboard in the card. */
  const afterDecisions = (done: CustomerApproval[]) => {
    const doneIds = new Set(done.map((item) => item.requestId));
    const remaining = items.filter((item) => !doneIds.has(item.requestId));
    update((list) => list.filter((item) => !doneIds.has(item.requestId)));
    decided(done, remaining);
    reload();
    heading.current?.focus();
  };

  const decide = async (item: CustomerApproval, decision: 'approve' | 'decline', reason?: string) => {
    if (inFlight.current.has(item.requestId) || allInFlight.current) return;
    inFlight.current.add(item.requestId);
    setSendingOf([item.requestId], true);
    try {
      const { message } = await serviceApi.decideApproval(item.requestId, reason ? { decision, reason } : { decision });
      tell({ tone: 'success', text: message || (decision === 'approve' ? t.approved : t.declined) });
      afterDecisions([item]);
    } catch (error) {
      tell({ tone: 'error', text: failureMessage(error, t.decideFailed) });
      if (listIsStale(error)) reload();
    } finally {
      inFlight.current.delete(item.requestId);
      setSendingOf([item.requestId], false);
    }
  };

  const approveAll = async (targets: CustomerApproval[]) => {
    if (allInFlight.current || targets.length === 0) return;
    allInFlight.current = true;
    setRunningAll(true);
    const done: CustomerApproval[] = [];
    const failures: string[] = [];
    let stale = false;
    // one at a time: each approval reserves its part, in deadline order (the list's)
    for (const item of targets) {
      if (inFlight.current.has(item.requestId)) continue;
      inFlight.current.add(item.requestId);
      setSendingOf([item.requestId], true);
      try {
        await serviceApi.decideApproval(item.requestId, { decision: 'approve' });
        done.push(item);
      } catch (error) {
        const message = failureMessage(error, t.decideFailed);
        if (!failures.includes(message)) failures.push(message);
        stale ||= listIsStale(error);
      } finally {
        inFlight.current.delete(item.requestId);
        setSendingOf([item.requestId], false);
      }
    }
    allInFlight.current = false;
    setRunningAll(false);
    setConfirmingAll(null);
    const approvedText = done.length > 0 ? t.approvedAll(done.length) : '';
    if (failures.length > 0) tell({ tone: 'error', text: [approvedText, ...failures].filter(Boolean).join(' ') });
    else if (approvedText) tell({ tone: 'success', text: approvedText });
    if (done.length > 0) afterDecisions(done);
    else if (stale) reload();
  };

  // what the confirmation lists: the requests shown when it opened that are still waiting (with today's figures)
  const confirming = confirmingAll === null ? [] : items.filter((item) => confirmingAll.includes(item.requestId));
  const showConfirm = confirming.length > 0;
  const headingText = items.length > 0 ? t.heading(items.length) : t.headingDone;

  return (
    <>
      {/* decisions and refusals, read out by screen readers (the card itself may be gone) */}
      <p className={dashboardStyles.visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {visible && (
        <section id={APPROVALS_ANCHOR} className={`${dashboardStyles.card} ${dashboardStyles.wide} ${styles.card}`} aria-labelledby="dashboard-approvals">
          <div className={dashboardStyles.cardHead}>
            <h2 id="dashboard-approvals" ref={heading} tabIndex={-1} className={`${dashboardStyles.cardTitle} ${styles.heading}`}>
              {headingText}
            </h2>
          </div>
          {state.status === 'failed' && <LoadFailure message={state.message} onRetry={reload} />}
          {items.length > 0 && <p className={dashboardStyles.muted}>{t.lead}</p>}
          {notice && (
            <div className={styles.notice}>
              <p className={notice.tone === 'error' ? formStyles.formError : formStyles.formSuccess}>{notice.text}</p>
              {items.length === 0 && (
                <div className={styles.actions}>
                  <p className={dashboardStyles.muted}>{t.empty}</p>
                  <button type="button" className={`${formStyles.secondary} ${styles.button}`} onClick={() => setNotice(null)}>
                    {t.dismiss}
                  </button>
                </div>
              )}
            </div>
          )}
          {showConfirm ? (
            <ApproveAllConfirm items={confirming} running={runningAll} onConfirm={() => void approveAll(confirming)} onCancel={() => {
                backToApproveAll.current = true;
                setConfirmingAll(null);
              }}
            />
          ) : (
            items.length > 1 && (
              <div className={styles.actions}>
                <button
                  ref={approveAllButton}
                  type="button"
                  className={`${formStyles.primary} ${styles.button}`}
                  onClick={() => setConfirmingAll(items.map((item) => item.requestId))}
                  disabled={sending.size > 0}
                >
                  {t.approveAll(items.length)}
                </button>
              </div>
            )
          )}
          {items.length > 0 && (
            <ul className={styles.items}>
              {items.map((item) => (
                <li key={item.requestId}>
                  <ApprovalItem
                    item={item}
                    sending={sending.has(item.requestId)}
                    locked={runningAll || showConfirm}
                    onApprove={() => void decide(item, 'approve')}
                    onDecline={(reason) => void decide(item, 'decline', reason)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
