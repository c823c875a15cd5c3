import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { customerServiceOrderLabel, type ServiceOrderStatus } from 'shared-contracts/backoffice';
import type { CustomerServiceOrder } from 'shared-contracts/schemas';
import type { ServiceOrderLiveEvent } from '../../service/appointmentEvents';
import { LoadFailure } from '../../service/LoadFailure';
import { serviceApi } from '../../service/serviceApi';
import { useApiData } from '../../service/useApiData';
import { useApprovalDecision } from './approvals/approvalDecisions';
import { APPROVALS_ANCHOR } from './approvals/approvalFigures';
import { dashboardText } from './dashboardText';
import styles from './DashboardPage.module.css';

const t = dashboardText.serviceOrder;

/** Appointment statuses with a car at (or just out of) the centre: their service order is worth fetching. */
export const SERVICE_ORDER_APPOINTMENT_STATUSES = new Set(['CHECKED_IN', 'IN_PROGRESS', 'COMPLETED']);

/** The customer's label: Đã tiếp nhận → Đang thực hiện → Cần bạn duyệt (n) → Xe đã xong – chờ thanh toán → Đã thanh toán. */
export function customerLabelOf(status: string, pendingApprovals: number): string {
  return customerServiceOrderLabel(status as ServiceOrderStatus, pendingApprovals) ?? status;
}

/** Which of the four steps the order stands at (-1: cancelled, off the steps). */
function stepOf(status: string): number {
  switch (status) {
    case 'OPEN':
      return 0;
    case 'IN_PROGRESS':
      return 1;
    case 'WORK_DONE':
    case 'INVOICED':
      return 2;
    case 'CLOSED':
      return 3;
    default:
      return -1;
  }
}

function Invoice({ order }: { order: CustomerServiceOrder }) {
  const invoice = order.invoice!;
  const headingId = `invoice-${invoice.id}`;
  const paid = invoice.paymentStatus === 'PAID';
  return (
    <div className={styles.invoice}>
      <div className={styles.serviceOrderHead}>
        <h5 id={headingId} className={styles.invoiceTitle}>
          {t.invoice(invoice.code)}
        </h5>
        <span className={`${styles.badge} ${paid ? styles.toneDone : styles.toneWaiting}`}>{paid ? t.paid : t.unpaid}</span>
      </div>
      <table className={styles.invoiceTable} aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">{t.columns.item}</th>
            <th scope="col" className={styles.num}>
              {t.columns.quantity}
            </th>
            <th scope="col" className={styles.num}>
              {t.columns.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>{line.name}</td>
              <td className={styles.num}>{line.quantity}</td>
              <td className={styles.num}>{formatVnd(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t.services}
            </th>
            <td className={styles.num}>{formatVnd(invoice.subtotalServices)}</td>
          </tr>
          {invoice.subtotalParts > 0 && (
            <tr>
              <th scope="row" colSpan={2}>
                {t.parts}
              </th>
              <td className={styles.num}>{formatVnd(invoice.subtotalParts)}</td>
            </tr>
          )}
          {invoice.packageDiscount > 0 && (
            <tr>
              <th scope="row" colSpan={2}>
                {t.packageDiscount}
              </th>
              <td className={styles.num}>−{formatVnd(invoice.packageDiscount)}</td>
            </tr>
          )}
          <tr className={styles.invoiceTotal}>
            <th scope="row" colSpan={2}>
              {t.total}
            </th>
            <td className={styles.num} data-testid="invoice-total">
              {formatVnd(invoice.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      {paid ? (
        <p className={styles.paid}>
          {invoice.paidAt ? t.paidAt(formatDateTime(invoice.paidAt)) : t.paid}
          {invoice.paymentMethod ? ` (${t.method[invoice.paymentMethod]})` : ''}
        </p>
      ) : (
        invoice.vietQr && (
          <div className={styles.pay}>
            <p>
              <strong>{t.payHeading}</strong>
            </p>
            <p>{t.payLead}</p>
            <img src={invoice.vietQr.imageDataUrl} alt={t.qrAlt(invoice.code)} width={200} height={200} className={styles.qr} />
            <dl className={styles.facts}>
              <dt>{t.amount}</dt>
              <dd>{formatVnd(invoice.total)}</dd>
              <dt>{t.transferContent}</dt>
              <dd>{invoice.vietQr.content}</dd>
            </dl>
          </div>
        )
      )}
    </div>
  );
}

interface Props {
  appointmentId: number;
  /** the latest `service-order` event of this appointment, if one arrived */
  live: ServiceOrderLiveEvent | null;
  /** changes when the order must be fetched again (the live stream was down) */
  refresh?: number;
}

/**
 * The car's work at the centre, on its appointment's card: the live label and its step, and once invoiced the
 * invoice (lines, package discount, total) with its VietQR code while unpaid, then the paid state. Fetched from
 * GET /appointments/:id/service-order, and again on every live event (the label changes at once, the invoice
 * follows the fetch).
 */
export function ServiceOrderPanel({ appointmentId, live, refresh = 0 }: Props) {
  const { state, reload } = useApiData((signal) => serviceApi.appointmentServiceOrder(appointmentId, signal), [appointmentId]);
  const data = state.status === 'ready' ? state.data : null;
  const [shown, setShown] = useState<{ status: string; pendingApprovals: number } | null>(live);
  const liveKey = live ? `${live.status}|${live.pendingApprovals}|${live.at}` : '';
  const firstLive = useRef(true);

  // whichever is newer wins: the event just pushed, or the order just fetched
  useEffect(() => {
    if (firstLive.current) {
      firstLive.current = false;
      return;
    }
    if (live) setShown({ status: live.status, pendingApprovals: live.pendingApprovals });
    reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [liveKey, refresh]);
  useEffect(() => {
    if (data) setShown({ status: data.status, pendingApprovals: data.pendingApprovals });
  }, [data]);

  // the customer just approved or declined extra work on this order in the 'Cần bạn duyệt' card: the count goes
  // down at once, and the order is fetched again (its lines and estimate moved)
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

  if (state.status === 'error' && !shown) return <LoadFailure message={state.message} onRetry={reload} />;
  if (!shown) return state.status === 'loading' ? <p className={styles.muted}>{t.loading}</p> : null;

  const code = data?.code ?? live?.serviceOrderCode ?? '';
  const label = customerLabelOf(shown.status, shown.pendingApprovals);
  const step = stepOf(shown.status);
  const headingId = `service-order-${appointmentId}`;
  return (
    <section className={styles.serviceOrder} aria-labelledby={headingId}>
      <div className={styles.serviceOrderHead}>
        <h4 id={headingId} className={styles.serviceOrderTitle}>
          {t.label(code)}
        </h4>
        <span className={`${styles.badge} ${shown.status === 'CLOSED' ? styles.toneDone : styles.toneActive}`} data-testid="service-order-status">
          <span className={styles.visuallyHidden}>{t.progress}: </span>
          {label}
        </span>
      </div>
      {step >= 0 && (
        <ol className={styles.steps} aria-label={t.stepsLabel}>
          {t.steps.map((name, index) => (
            <li
              key={name}
              className={`${styles.step} ${index < step ? styles.stepDone : ''} ${index === step ? styles.stepCurrent : ''}`}
              aria-current={index === step ? 'step' : undefined}
            >
              {name}
            </li>
          ))}
        </ol>
      )}
      {shown.pendingApprovals > 0 && step >= 0 && step < 2 && (
        <p className={styles.approvals}>
          {t.approvalsHint}{' '}
          <Link to={{ hash: APPROVALS_ANCHOR }} className={styles.approvalsLink}>
            {t.approvalsLink}
          </Link>
        </p>
      )}
      {state.status === 'error' && <LoadFailure message={state.message} onRetry={reload} />}
      {data?.invoice && <Invoice order={data} />}
    </section>
  );
}
