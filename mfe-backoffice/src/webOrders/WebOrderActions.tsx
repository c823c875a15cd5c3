import { useState } from 'react';
import { CARRIER_LABELS, CARRIERS, WEB_ORDER_ACTION_RULES, type Carrier, type RefundMethod, type WebOrderAction } from 'shared-contracts/pricing';
import type { WebOrderActionInput, WebOrderDetail } from 'shared-contracts/schemas';
import { fieldErrorsOf } from '../api/apiErrors';
import { FieldError, RefundFields } from '../components/DeskParts';
import { webOrderText as t } from './webOrderText';
import desk from '../components/DeskPanels.module.css';
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
  const fieldError = (name: string) => <FieldError id={`web-order-${name}-error`} message={fields[name]} />;

  return (
    <div>
      <div className={desk.actionRow}>
        {detail.availableActions.map((action) => (
          <button
            key={action}
            type="button"
            disabled={busy}
            className={action === 'cancel' ? styles.danger : desk.primary}
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
            <RefundFields
              idPrefix="web-order"
              text={t}
              errors={fields}
              referenceField="reference"
              amount={amount}
              onAmount={setAmount}
              method={method}
              onMethod={setMethod}
              reference={reference}
              onReference={setReference}
            />
          )}
          <div className={desk.actionRow}>
            <button type="submit" className={desk.primary} disabled={busy}>
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
