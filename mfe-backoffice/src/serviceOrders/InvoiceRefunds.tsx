import { useCallback, useState, type FormEvent } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { INVOICE_REFUND_REASON_MAX, INVOICE_REFUND_STATE_LABELS } from 'shared-contracts/backoffice';
import { REFUND_METHOD_LABELS, type RefundMethod } from 'shared-contracts/pricing';
import type { InvoiceRefunds as Refunds } from 'shared-contracts/schemas';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FieldError, RefundFields } from '../components/DeskParts';
import { fieldErrorsOf, messageOf } from '../api/apiErrors';
import { useAsync } from '../hooks/useAsync';
import { invoiceRefundText as t } from './invoiceRefundText';
import { serviceOrdersApi } from './serviceOrdersApi';
import styles from './ServiceOrders.module.css';

interface Props {
  /** The service order whose invoice is paid. */
  orderId: number;
}

type Errors = Record<string, string | undefined>;

/** The form's values read as the server will: whole VND within the rest, a reference for a transfer, a reason. */
function checkForm(refundable: number, amountText: string, method: RefundMethod, reference: string, reason: string): { errors: Errors; amount: number } {
  const errors: Errors = {};
  const digits = amountText.replace(/[.\s]/g, '');
  const amount = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isSafeInteger(amount) || amount <= 0) errors.amount = t.amountInvalid;
  else if (amount > refundable) errors.amount = t.amountTooLarge(formatVnd(refundable));
  if (method === 'BANK_TRANSFER' && !reference.trim()) errors.reference = t.referenceRequired;
  if (reason.trim().length < 5) errors.reason = t.reasonRequired;
  return { errors, amount };
}

/**
 * A paid invoice's refunds: what was given back and is left, the refunds recorded (oldest first), and for the roles
 * that may ('canRefund' from the server: the centre's desk and manager, an admin) "Hoàn tiền": amount (default the
 * rest), method, bank reference, reason, then a confirmation. The server's refusals are shown as it words them.
 */
export function InvoiceRefunds({ orderId }: Props) {
  const read = useCallback((signal: AbortSignal) => serviceOrdersApi.invoiceRefunds(orderId, signal), [orderId]);
  const { state, reload, setData } = useAsync<Refunds>(read, { failedText: t.loadFailed });
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<RefundMethod>('CASH');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const refunds = state.data;
  if (!refunds) {
    if (state.error) {
      return (
        <p role="alert" className={styles.alert}>
          {state.error}{' '}
          <button type="button" className={styles.secondary} onClick={() => reload('fresh')}>
            {t.retry}
          </button>
        </p>
      );
    }
    return <p className={styles.muted}>{t.loading}</p>;
  }

  const openForm = () => {
    setAmount(String(refunds.refundable));
    setMethod('CASH');
    setReference('');
    setReason('');
    setErrors({});
    setFailure(null);
    setDone(null);
    setOpen(true);
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(refunds.refundable, amount, method, reference, reason);
    setErrors(checked.errors);
    setFailure(null);
    if (Object.keys(checked.errors).length === 0) setConfirming(checked.amount);
  };

  const refund = async (value: number) => {
    try {
      const answer = await serviceOrdersApi.refundInvoice(orderId, { amount: value, method, ...(reference.trim() ? { reference: reference.trim() } : {}), reason: reason.trim() });
      setData(() => answer);
      setDone(t.done(formatVnd(value), refunds.code));
      setOpen(false);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(messageOf(error, t.failed));
      // What is left may have changed (another refund at the same time): read it again.
      reload('keep');
    } finally {
      setConfirming(null);
    }
  };

  return (
    <div className={styles.form}>
      <h4 id={`invoice-refunds-${orderId}`} style={{ margin: 0 }}>
        {t.heading}
      </h4>
      <dl className={styles.facts}>
        <dt>{t.state}</dt>
        <dd>{INVOICE_REFUND_STATE_LABELS[refunds.refundState]}</dd>
        <dt>{t.refunded}</dt>
        <dd>{formatVnd(refunds.refunded)}</dd>
        <dt>{t.refundable}</dt>
        <dd>{formatVnd(refunds.refundable)}</dd>
      </dl>
      {done && (
        <p role="status" className={styles.muted}>
          {done}
        </p>
      )}
      {failure && !open && (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      )}

      {refunds.refunds.length > 0 && (
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>{t.listCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.when}</th>
              <th scope="col" className={styles.numeric}>
                {t.amount}
              </th>
              <th scope="col">{t.method}</th>
              <th scope="col">{t.reason}</th>
              <th scope="col">{t.by}</th>
            </tr>
          </thead>
          <tbody>
            {refunds.refunds.map((row) => (
              <tr key={row.id}>
                <th scope="row">
                  <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                </th>
                <td className={styles.numeric}>{formatVnd(row.amount)}</td>
                <td>
                  {row.methodLabel}
                  {row.reference ? ` · ${row.reference}` : ''}
                </td>
                <td>{row.reason}</td>
                <td>{row.by ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {refunds.canRefund && !open && (
        <div className={styles.buttons}>
          <button type="button" className={styles.secondary} onClick={openForm}>
            {t.open}
          </button>
        </div>
      )}

      {open && (
        <form className={styles.form} noValidate onSubmit={next} aria-label={t.heading}>
          <RefundFields
            idPrefix={`invoice-refund-${orderId}`}
            text={t}
            errors={errors}
            referenceField="reference"
            amountRequired
            amount={amount}
            onAmount={setAmount}
            method={method}
            onMethod={setMethod}
            reference={reference}
            onReference={setReference}
          />
          <label>
            <span>{t.reason}</span>
            <textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={INVOICE_REFUND_REASON_MAX}
              required
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `invoice-refund-${orderId}-reason-error` : undefined}
            />
            <FieldError id={`invoice-refund-${orderId}-reason-error`} message={errors.reason} />
          </label>
          {failure && (
            <p role="alert" className={styles.alert}>
              {failure}
            </p>
          )}
          <div className={styles.buttons}>
            <button type="submit" className={styles.action}>
              {t.next}
            </button>
            <button type="button" className={styles.secondary} onClick={() => setOpen(false)}>
              {t.cancel}
            </button>
          </div>
        </form>
      )}

      {confirming !== null && (
        <ConfirmDialog
          title={t.confirmTitle(refunds.code)}
          confirmLabel={t.confirm}
          busyLabel={t.confirming}
          tone="danger"
          onClose={() => setConfirming(null)}
          onConfirm={() => refund(confirming)}
        >
          <p>{t.confirmText(formatVnd(confirming), REFUND_METHOD_LABELS[method])}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
