import { useState } from 'react';
import { CARRIER_LABELS, CARRIERS, REFUND_METHOD_LABELS, REFUND_METHODS, WEB_ORDER_ACTION_RULES, type Carrier, type RefundMethod, type WebOrderAction } from 'shared-contracts/pricing';
import type { WebOrderActionInput, WebOrderDetail } from 'shared-contracts/schemas';
import { fieldErrorsOf } from '../api/apiErrors';
import { webOrderText as t } from './webOrderText';
import styles from './WebOrders.module.css';

interface Props {
  detail: WebOrderDetail;
  busy: boolean;
  error: unknown;
  onAct: (input: WebOrderActionInput) => void;
}

/** Actions that need more than a click: a form opens for them. */
const WITH_FORM: ReadonlySet<WebOrderAction> = new Set(['ship', 'cancel', 'refund']);

/** The actions the machine allows now (the server's `availableActions`), each carrying the version shown. */
export function WebOrderActions({ detail, busy, error, onAct }: Props) {
  const [open, setOpen] = useState<WebOrderAction | null>(null);
  const [carrier, setCarrier] = useState<Carrier>('GHN');
  const [trackingCode, setTrackingCode] = useState('');
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(String(detail.payment.refundDue ?? ''));
  const [method, setMethod] = useState<RefundMethod>('BANK_TRANSFER');
  const [reference, setReference] = useState('');
  const fields = fieldErrorsOf(error);
  const version = detail.version;

  if (detail.availableActions.length === 0) return <p className={styles.muted}>{t.noActions}</p>;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (open === 'ship') onAct({ action: 'ship', version, carrier, ...(trackingCode.trim() ? { trackingCode: trackingCode.trim() } : {}) });
    if (open === 'cancel') onAct({ action: 'cancel', version, reason });
    if (open === 'refund') onAct({ action: 'refund', version, amount: Number(amount), method, ...(reference.trim() ? { reference: reference.trim() } : {}) });
  };
  const fieldError = (name: string) =>
    fields[name] ? (
      <span id={`web-order-${name}-error`} className={styles.error}>
        {fields[name]}
      </span>
    ) : null;

  return (
    <div>
      <div className={styles.actionRow}>
        {detail.availableActions.map((action) => (
          <button
            key={action}
            type="button"
            disabled={busy}
            className={action === 'cancel' ? styles.danger : styles.primary}
            aria-expanded={WITH_FORM.has(action) ? open === action : undefined}
            onClick={() => (WITH_FORM.has(action) ? setOpen(open === action ? null : action) : onAct({ action, version } as WebOrderActionInput))}
          >
            {WEB_ORDER_ACTION_RULES[action].label}
          </button>
        ))}
      </div>
      {open && (
        <form className={styles.actionForm} onSubmit={submit} aria-label={WEB_ORDER_ACTION_RULES[open].label}>
          {open === 'ship' && (
            <>
              <label>
                <span>{t.carrier}</span>
                <select aria-label={t.carrier} value={carrier} onChange={(event) => setCarrier(event.target.value as Carrier)}>
                  {CARRIERS.map((value) => (
                    <option key={value} value={value}>
                      {CARRIER_LABELS[value]}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <span>{t.trackingCode}</span>
                <input value={trackingCode} onChange={(event) => setTrackingCode(event.target.value)} maxLength={40} aria-describedby={fields.trackingCode ? 'web-order-trackingCode-error' : undefined} />
                {fieldError('trackingCode')}
              </label>
            </>
          )}
          {open === 'cancel' && (
            <label>
              <span>{t.reason}</span>
              <textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={300} required aria-describedby={fields.reason ? 'web-order-reason-error' : undefined} />
              {fieldError('reason')}
            </label>
          )}
          {open === 'refund' && (
            <>
              <label>
                <span>{t.refundAmount}</span>
                <input inputMode="numeric" value={amount} onChange={(event) => setAmount(event.target.value)} aria-describedby={fields.amount ? 'web-order-amount-error' : undefined} />
                {fieldError('amount')}
              </label>
              <label>
                <span>{t.refundMethod}</span>
                <select value={method} onChange={(event) => setMethod(event.target.value as RefundMethod)}>
                  {REFUND_METHODS.map((value) => (
                    <option key={value} value={value}>
                      {REFUND_METHOD_LABELS[value]}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <span>{t.refundReference}</span>
                <input value={reference} onChange={(event) => setReference(event.target.value)} maxLength={100} aria-describedby={fields.reference ? 'web-order-reference-error' : undefined} />
                {fieldError('reference')}
              </label>
            </>
          )}
          <div className={styles.actionRow}>
            <button type="submit" className={styles.primary} disabled={busy}>
              {t.submit}
            </button>
            <button type="button" onClick={() => setOpen(null)}>
              {t.cancelForm}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
