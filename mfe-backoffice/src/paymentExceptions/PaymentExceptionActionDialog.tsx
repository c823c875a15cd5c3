import { useState } from 'react';
import { formatVnd } from 'shared-contracts';
import type { RefundMethod } from 'shared-contracts/pricing';
import { PAYMENT_EXCEPTION_ACTION_LABELS, type PaymentExceptionAction } from 'shared-contracts/pricing';
import type { PaymentExceptionDetail } from 'shared-contracts/schemas';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { FieldError, RefundFields } from '../components/DeskParts';
import { ModalDialog } from '../components/ModalDialog';
import { paymentExceptionsApi } from './paymentExceptionsApi';
import { paymentExceptionText as t } from './paymentExceptionText';
import desk from '../components/DeskPanels.module.css';
import styles from './PaymentExceptions.module.css';

interface Props {
  action: PaymentExceptionAction;
  detail: PaymentExceptionDetail;
  onFinished: (result: { data: PaymentExceptionDetail } | { conflict: unknown }) => void;
  onClose: () => void;
}

/**
 * The confirmation of one action, with what it needs: the order code (match, prefilled with the suggestion), the
 * refund's amount, method, bank reference and reason, the reason of a dismissal; reinstating only asks. Refusals
 * other than a 409 stay in the dialog next to their field.
 */
export function PaymentExceptionActionDialog({ action, detail, onFinished, onClose }: Props) {
  const [orderCode, setOrderCode] = useState(detail.order?.code ?? detail.orderCodeFound ?? '');
  const [amount, setAmount] = useState(String(detail.amount));
  const [method, setMethod] = useState<RefundMethod>('BANK_TRANSFER');
  const [reference, setReference] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fields = fieldErrorsOf(error);
  const version = detail.version;

  const send = () => {
    switch (action) {
      case 'match':
        return paymentExceptionsApi.match(detail.id, orderCode.trim(), version);
      case 'reinstate':
        return paymentExceptionsApi.reinstate(detail.id, version);
      case 'refund':
        return paymentExceptionsApi.refund(detail.id, { amount: Number(amount), method, ...(reference.trim() ? { bankReference: reference.trim() } : {}), reason: text, version });
      default:
        return paymentExceptionsApi.dismiss(detail.id, text, version);
    }
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onFinished({ data: await send() });
    } catch (failure) {
      if (isConflict(failure)) onFinished({ conflict: failure });
      else setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (name: string) => <FieldError id={`payment-exception-${name}-error`} message={fields[name]} />;
  const describedBy = (name: string) => (fields[name] ? `payment-exception-${name}-error` : undefined);

  return (
    <ModalDialog title={PAYMENT_EXCEPTION_ACTION_LABELS[action]} onClose={onClose} description={`${formatVnd(detail.amount)} · ${detail.content}`}>
      <form className={styles.actionForm} onSubmit={(event) => void submit(event)}>
        {action === 'match' && (
          <>
            <p className={styles.muted}>{t.matchHelp(formatVnd(detail.amount))}</p>
            <label>
              <span>{t.orderCode}</span>
              <input value={orderCode} onChange={(event) => setOrderCode(event.target.value)} maxLength={40} required aria-describedby={describedBy('orderCode')} />
              {fieldError('orderCode')}
            </label>
          </>
        )}
        {action === 'reinstate' && <p>{t.reinstateHelp}</p>}
        {action === 'refund' && (
          <RefundFields
            idPrefix="payment-exception"
            text={t}
            errors={fields}
            referenceField="bankReference"
            amountRequired
            amount={amount}
            onAmount={setAmount}
            method={method}
            onMethod={setMethod}
            reference={reference}
            onReference={setReference}
          />
        )}
        {(action === 'refund' || action === 'dismiss') && (
          <label>
            <span>{action === 'refund' ? t.refundReason : t.dismissNote}</span>
            {action === 'dismiss' && <span className={styles.muted}>{t.dismissHelp}</span>}
            <textarea
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={300}
              required
              aria-describedby={describedBy(action === 'refund' ? 'reason' : 'note')}
            />
            {fieldError(action === 'refund' ? 'reason' : 'note')}
          </label>
        )}
        {error !== null && (
          <p role="alert" className={desk.error}>
            {messageOf(error, t.detailFailed)}
          </p>
        )}
        <div className={desk.actionRow}>
          <button type="submit" className={action === 'dismiss' ? styles.danger : desk.primary} disabled={busy}>
            {busy ? t.busy : t.confirm}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t.back}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
