import { Link } from 'react-router-dom';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { customerProgressStep, customerServiceOrderLabel, type ServiceOrderStatus } from 'shared-contracts/backoffice';
import { chargedAmountOf, isCoveredPayer, LINE_PAYER_LABELS } from 'shared-contracts/pricing';
import type { CustomerServiceOrder, ServiceOrderLine } from 'shared-contracts/schemas';
import { CopyableValue, SaveQrButton } from 'shared-contracts/react';
import { EInvoiceSection } from '../../eInvoices';
import { InspectionReport } from '../../inspection/InspectionReport';
import { LoadFailure } from '../../service/LoadFailure';
import { APPROVALS_ANCHOR } from './approvals/approvalFigures';
import { InvoicePdfButton } from './InvoicePdfButton';
import { dashboardText } from './dashboardText';
import type { ServiceOrderProgress } from './useServiceOrderProgress';
import styles from './DashboardPage.module.css';

const t = dashboardText.serviceOrder;

/** The customer's label: Đã tiếp nhận → Đang thực hiện → Cần bạn duyệt (n) → Xe đã xong – chờ thanh toán → Đã thanh toán. */
export function customerLabelOf(status: string, pendingApprovals: number): string {
  return customerServiceOrderLabel(status as ServiceOrderStatus, pendingApprovals) ?? status;
}

/**
 * A line of the invoice. One the manufacturer's warranty or the centre paid is tagged with who paid it, its worth
 * struck through above the 0 ₫ the customer pays.
 */
function InvoiceLine({ line }: { line: ServiceOrderLine }) {
  const payer = line.payer ?? 'CUSTOMER';
  if (!isCoveredPayer(payer)) {
    return (
      <tr>
        <td>{line.name}</td>
        <td className={styles.num}>{line.quantity}</td>
        <td className={styles.num}>{formatVnd(line.lineTotal)}</td>
      </tr>
    );
  }
  return (
    <tr>
      <td>
        {line.name} <span className={`${styles.badge} ${styles.toneConfirmed} ${styles.coveredTag}`}>{LINE_PAYER_LABELS[payer]}</span>
      </td>
      <td className={styles.num}>{line.quantity}</td>
      <td className={styles.num}>
        <s className={styles.struck}>
          <span className={styles.visuallyHidden}>{t.lineWorth} </span>
          {formatVnd(line.lineTotal)}
        </s>
        <span className={styles.visuallyHidden}>{t.youPay} </span>
        {formatVnd(chargedAmountOf(line))}
      </td>
    </tr>
  );
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
        <InvoicePdfButton appointmentId={order.appointmentId} code={invoice.code} />
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
            <InvoiceLine key={line.id} line={line} />
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
          {(invoice.warrantyCovered ?? 0) > 0 && (
            <tr>
              <th scope="row" colSpan={2}>
                {t.warrantyCovered}
              </th>
              <td className={styles.num}>{formatVnd(invoice.warrantyCovered ?? 0)}</td>
            </tr>
          )}
          {(invoice.goodwillCovered ?? 0) > 0 && (
            <tr>
              <th scope="row" colSpan={2}>
                {t.goodwillCovered}
              </th>
              <td className={styles.num}>{formatVnd(invoice.goodwillCovered ?? 0)}</td>
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
          {invoice.pointsUsed > 0 && (
            <tr>
              <th scope="row" colSpan={2}>
                {t.pointsUsed(invoice.pointsUsed)}
              </th>
              <td className={styles.num}>−{formatVnd(invoice.pointsValue)}</td>
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
            <SaveQrButton imageDataUrl={invoice.vietQr.imageDataUrl} transferContent={invoice.vietQr.content} />
            <dl className={`${styles.facts} ${styles.payFacts}`}>
              <dt>{t.amount}</dt>
              <dd>{formatVnd(invoice.total)}</dd>
              <dt>{t.transferContent}</dt>
              <dd>
                <CopyableValue value={invoice.vietQr.content} what={t.transferContent.toLowerCase()} />
              </dd>
            </dl>
          </div>
        )
      )}
    </div>
  );
}

interface Props {
  appointmentId: number;
  /** the order as its card follows it (useServiceOrderProgress); its status is the card's one badge */
  progress: ServiceOrderProgress;
}

/**
 * The car's work at the centre, on its appointment's card: its step, extra work waiting for the customer, the
 * inspection (results, photos, notes, advice for next time) once the work started, and once invoiced the invoice
 * (lines, package discount, total) with its VietQR code while unpaid, then the paid state and its e-invoices. The
 * status itself is the card's badge, shown once.
 */
export function ServiceOrderPanel({ appointmentId, progress }: Props) {
  const { state, shown, code, reload } = progress;
  const data = state.status === 'ready' ? state.data : null;
  if (state.status === 'failed' && !shown) return <LoadFailure message={state.message} onRetry={reload} />;
  if (!shown) return state.status === 'loading' ? <p className={styles.muted}>{t.loading}</p> : null;

  const step = customerProgressStep(shown.status);
  const headingId = `service-order-${appointmentId}`;
  return (
    <section className={styles.serviceOrder} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.serviceOrderTitle}>
        {t.label(code)}
      </h4>
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
      {state.status === 'failed' && <LoadFailure message={state.message} onRetry={reload} />}
      {shown.status !== 'OPEN' && <InspectionReport appointmentId={appointmentId} version={`${shown.status}|${shown.pendingApprovals}|${data?.invoice?.id ?? ''}`} />}
      {data?.invoice && <Invoice order={data} />}
      {data?.invoice?.paymentStatus === 'PAID' && (
        <EInvoiceSection sale={{ kind: 'visit', appointmentId }} headingLevel={5} reloadKey={`${data.invoice.id}|${data.invoice.paidAt ?? ''}`} />
      )}
    </section>
  );
}
