import { formatVnd } from 'shared-contracts';
import { PAYMENT_METHOD_LABELS } from 'shared-contracts/pricing';
import type { WebOrderDetail } from 'shared-contracts/schemas';
import { webOrderText as t } from './webOrderText';
import styles from './WebOrders.module.css';

/**
 * The order's money as its records say: every payment (amount received, how, the bank's reference, when, who —
 * or "Tự động (ngân hàng)" for a bank's verified callback) and every refund, and what is still owed back.
 */
export function WebOrderPaymentBlock({ detail }: { detail: WebOrderDetail }) {
  const { order, payment } = detail;
  // Orders refunded before refunds were records: the timeline's refund stands in for the record.
  const refunds = payment.refunds.length > 0 ? payment.refunds : detail.refund ? [{ ...detail.refund, reason: null }] : [];
  return (
    <section aria-labelledby="web-order-payment-heading">
      <h3 id="web-order-payment-heading">{t.paymentHeading}</h3>
      <p>
        {PAYMENT_METHOD_LABELS[order.paymentMethod]} · {order.paymentStatusLabel}
      </p>
      {payment.records.length === 0 && <p className={styles.muted}>{t.noPayments}</p>}
      {payment.records.map((record, index) => (
        <dl key={`${record.at}-${index}`} className={styles.money} aria-label={t.paymentRecord(index + 1)}>
          <dt>{t.amountReceived}</dt>
          <dd>
            <strong>{formatVnd(record.amount)}</strong>
          </dd>
          <dt>{t.paymentMethodOfRecord}</dt>
          <dd>{record.methodLabel}</dd>
          {record.reference && (
            <>
              <dt>{t.bankReference}</dt>
              <dd className={styles.reference}>{record.reference}</dd>
            </>
          )}
          <dt>{t.paidAt}</dt>
          <dd>
            <time dateTime={record.at}>{t.stamp(record.at)}</time>
          </dd>
          <dt>{t.receivedBy}</dt>
          <dd>{record.by ?? (record.automatic ? t.automatic : t.unknownPerson)}</dd>
        </dl>
      ))}
      {payment.refundDue !== null && (
        <p>
          <strong>
            {t.refundDue}: {formatVnd(payment.refundDue)}
          </strong>
        </p>
      )}
      {refunds.map((refund, index) => (
        <dl key={`${refund.at}-${index}`} className={styles.money} aria-label={t.refundRecord(index + 1)}>
          <dt>{t.refundedAmount}</dt>
          <dd>
            <strong>{formatVnd(refund.amount)}</strong>
          </dd>
          <dt>{t.refundMethod}</dt>
          <dd>{refund.methodLabel}</dd>
          {refund.reference && (
            <>
              <dt>{t.bankReference}</dt>
              <dd className={styles.reference}>{refund.reference}</dd>
            </>
          )}
          <dt>{t.paidAt}</dt>
          <dd>
            <time dateTime={refund.at}>{t.stamp(refund.at)}</time>
          </dd>
          <dt>{t.refundedBy}</dt>
          <dd>{refund.by ?? t.unknownPerson}</dd>
          {refund.reason && (
            <>
              <dt>{t.refundReason}</dt>
              <dd>{refund.reason}</dd>
            </>
          )}
        </dl>
      ))}
    </section>
  );
}
