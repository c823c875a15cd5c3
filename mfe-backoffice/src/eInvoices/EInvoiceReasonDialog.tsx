import { useId, useState } from 'react';
import { E_INVOICE_ACTIONS, E_INVOICE_REASON_MAX, E_INVOICE_REASON_MIN } from 'shared-contracts/backoffice';
import type { EInvoice } from 'shared-contracts/schemas';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { ModalDialog } from '../components/ModalDialog';
import { eInvoicesApi } from './eInvoicesApi';
import { signedVnd } from './eInvoiceFormat';
import { eInvoiceText as t } from './eInvoiceText';
import desk from '../components/DeskPanels.module.css';
import styles from './EInvoices.module.css';

/** The corrections that ask a reason: an adjustment (with its amount), a replacement, a notice 04/SS-HĐĐT. */
export type CorrectionAction = 'adjust' | 'replace' | 'notice';
type Direction = 'DECREASE' | 'INCREASE';

interface Props {
  action: CorrectionAction;
  invoice: EInvoice;
  /** Done (the server's answer), or a 409: the desk says so and reloads. */
  onFinished: (result: { done: CorrectionAction } | { conflict: unknown }) => void;
  onClose: () => void;
}

/** The reason's own problem before anything is sent (the machine's bounds, counted trimmed as the API does). */
function reasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  if (length < E_INVOICE_REASON_MIN) return t.reasonTooShort;
  if (length > E_INVOICE_REASON_MAX) return t.reasonTooLong;
  return null;
}

/** An adjustment's amount's own problem: whole đồng, at least 1, within what the invoice allows that way. */
function amountProblem(text: string, most: number): string | null {
  if (!/^\d{1,13}$/.test(text.trim())) return t.amountInvalid;
  const amount = Number(text.trim());
  if (amount < 1) return t.amountInvalid;
  return amount > most ? t.amountTooLarge(most) : null;
}

/**
 * "Lập hóa đơn điều chỉnh", "Lập hóa đơn thay thế" or "Thông báo sai sót (04/SS-HĐĐT)" of an issued invoice: for an
 * adjustment its direction and amount (within what the invoice stands for), and the reason (5–300 characters), checked
 * here first, then the call. The server's refusals other than a 409 stay in the dialog in Vietnamese.
 */
export function EInvoiceReasonDialog({ action, invoice, onFinished, onClose }: Props) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [direction, setDirection] = useState<Direction>('DECREASE');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  // What the invoice allows: down to nothing, up to the gross it was issued with.
  const most = direction === 'DECREASE' ? invoice.netGross : invoice.gross - invoice.netGross;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const amountId = `${fieldId}-amount`;
  const amountHintId = `${amountId}-hint`;
  const amountErrorId = `${amountId}-error`;
  const fieldMessage = problem ?? fieldErrorsOf(error).reason ?? null;
  const amountMessage = amountError ?? fieldErrorsOf(error).amount ?? null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = reasonProblem(reason);
    const localAmount = action === 'adjust' ? amountProblem(amount, most) : null;
    setProblem(local);
    setAmountError(localAmount);
    setError(null);
    if (localAmount || local) {
      document.getElementById(localAmount ? amountId : fieldId)?.focus();
      return;
    }
    setBusy(true);
    try {
      const trimmed = reason.trim();
      if (action === 'adjust') await eInvoicesApi.adjust(invoice.id, { direction, amount: Number(amount.trim()), reason: trimmed });
      else await (action === 'replace' ? eInvoicesApi.replace(invoice.id, trimmed) : eInvoicesApi.notice(invoice.id, trimmed));
      onFinished({ done: action });
    } catch (failure) {
      if (isConflict(failure)) onFinished({ conflict: failure });
      else setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const description = `${invoice.saleCode} · ${invoice.kindLabel}${invoice.series ? ` · ${invoice.series}/${invoice.number ?? ''}` : ''} · ${signedVnd(invoice.gross)}`;
  return (
    <ModalDialog title={E_INVOICE_ACTIONS[action].label} description={description} onClose={onClose}>
      <form className={styles.dialogForm} noValidate onSubmit={(event) => void submit(event)}>
        <p className={styles.muted}>{t.help[action]}</p>
        {action === 'adjust' && (
          <>
            <fieldset className={styles.directions}>
              <legend>{t.direction}</legend>
              {(['DECREASE', 'INCREASE'] as const).map((value) => (
                <label key={value}>
                  <input
                    type="radio"
                    name={`${fieldId}-direction`}
                    value={value}
                    checked={direction === value}
                    onChange={() => {
                      setDirection(value);
                      setAmountError(null);
                    }}
                  />
                  {t.directions[value]}
                </label>
              ))}
            </fieldset>
            <label htmlFor={amountId}>{t.amountLabel}</label>
            <input
              id={amountId}
              inputMode="numeric"
              autoComplete="off"
              value={amount}
              aria-invalid={amountMessage ? true : undefined}
              aria-describedby={amountMessage ? `${amountErrorId} ${amountHintId}` : amountHintId}
              onChange={(event) => {
                setAmount(event.target.value);
                if (amountError) setAmountError(null);
              }}
            />
            <span id={amountHintId} className={styles.muted}>
              {t.amountHint(invoice.netGross, most)}
            </span>
            {amountMessage && (
              <span id={amountErrorId} role="alert" className={desk.error}>
                {amountMessage}
              </span>
            )}
          </>
        )}
        <label htmlFor={fieldId}>{t.reasonLabel}</label>
        <textarea
          id={fieldId}
          value={reason}
          rows={4}
          maxLength={E_INVOICE_REASON_MAX}
          aria-invalid={fieldMessage ? true : undefined}
          aria-describedby={fieldMessage ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setReason(event.target.value);
            if (problem) setProblem(null);
          }}
        />
        <span id={hintId} className={styles.muted}>
          {t.reasonHint} ({reason.trim().length}/{E_INVOICE_REASON_MAX})
        </span>
        {fieldMessage && (
          <span id={errorId} role="alert" className={desk.error}>
            {fieldMessage}
          </span>
        )}
        {error !== null && !fieldErrorsOf(error).reason && !fieldErrorsOf(error).amount && (
          <p role="alert" className={desk.error}>
            {messageOf(error, t.actionFailed)}
          </p>
        )}
        <div className={desk.actionRow}>
          <button type="submit" className={desk.primary} disabled={busy}>
            {busy ? t.busy : t.confirm}
          </button>
          <button type="button" onClick={onClose}>
            {t.back}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
