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

/** The corrections that ask a reason: a replacement, a notice 04/SS-HĐĐT. */
export type CorrectionAction = 'replace' | 'notice';

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

/**
 * "Lập hóa đơn thay thế" or "Thông báo sai sót (04/SS-HĐĐT)" of an issued invoice: the reason (5–300 characters,
 * checked here first), then the call. The server's refusals other than a 409 stay in the dialog in Vietnamese.
 */
export function EInvoiceReasonDialog({ action, invoice, onFinished, onClose }: Props) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const fieldMessage = problem ?? fieldErrorsOf(error).reason ?? null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = reasonProblem(reason);
    setProblem(local);
    setError(null);
    if (local) {
      document.getElementById(fieldId)?.focus();
      return;
    }
    setBusy(true);
    try {
      const trimmed = reason.trim();
      await (action === 'replace' ? eInvoicesApi.replace(invoice.id, trimmed) : eInvoicesApi.notice(invoice.id, trimmed));
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
        <p className={styles.muted}>{action === 'replace' ? t.replaceHelp : t.noticeHelp}</p>
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
        {error !== null && !fieldErrorsOf(error).reason && (
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
