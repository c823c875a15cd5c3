import { useCallback, useState, type FormEvent } from 'react';
import { formatVnd } from 'shared-contracts';
import type { InvoicePointsOffer, ServiceInvoice } from 'shared-contracts/schemas';
import { FieldError } from '../components/DeskParts';
import { fieldErrorsOf } from '../api/apiErrors';
import { LoadFailed, Loading } from '../components/LoadStatus';
import { useAsync } from '../hooks/useAsync';
import { invoicePointsApi } from './invoicePointsApi';
import { invoicePointsText as t } from './invoicePointsText';
import styles from './ServiceOrders.module.css';

interface Props {
  /** An unpaid invoice. */
  invoice: ServiceInvoice;
  /** The drawer's action runner: announces `done` and reloads the order, explains a failure (a 409 reloads too). */
  run: (work: () => Promise<unknown>, done: string) => Promise<boolean>;
}

type Errors = Partial<Record<'points' | 'consentCode', string>>;

/** The form's values read as the server will: whole points within the offer, a 6-digit code. */
function checkForm(offer: InvoicePointsOffer, pointsText: string, code: string): { errors: Errors; points: number } {
  const errors: Errors = {};
  const digits = pointsText.replace(/[.\s]/g, '');
  const points = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isSafeInteger(points) || points <= 0) errors.points = t.pointsInvalid;
  else if (points > offer.maxUsable) errors.points = t.pointsTooMany(offer.maxUsable);
  else if (points < offer.minimum) errors.points = t.pointsTooFew(offer.minimum);
  if (!/^\d{6}$/.test(code.trim())) errors.consentCode = t.codeInvalid;
  return { errors, points };
}

/**
 * "Dùng điểm thưởng" on an unpaid invoice of a member: the customer's balance and the most their points may pay (the
 * server's offer), "Số điểm" and the customer's 6-digit "Mã xác nhận", "Áp dụng điểm"; once applied, "Bỏ dùng điểm".
 * The server recomputes the worth; its refusals show next to their field, a 409 is explained and the order reloaded.
 */
export function InvoicePoints({ invoice, run }: Props) {
  // The invoice's panel mounts it again whenever the invoice's points or total change: the offer is read afresh.
  const read = useCallback((signal: AbortSignal) => invoicePointsApi.offer(invoice.id, signal), [invoice.id]);
  const { state, reload } = useAsync<InvoicePointsOffer>(read, { failedText: t.loadFailed });
  const [pointsText, setPointsText] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const idPrefix = `invoice-points-${invoice.id}`;

  const offer = state.data;
  if (!offer) return state.error ? <LoadFailed message={state.error} retryLabel={t.retry} onRetry={() => reload('fresh')} /> : <Loading text={t.loading} />;
  // A guest's invoice: nothing to offer.
  if (offer.member === null) return null;

  /** Runs a call through the drawer; the server's field messages stay next to their fields. */
  const submit = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      return await run(async () => {
        try {
          return await work();
        } catch (error) {
          setErrors(fieldErrorsOf(error) as Errors);
          throw error;
        }
      }, done);
    } finally {
      setBusy(false);
    }
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(offer, pointsText, code);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    const done = await submit(() => invoicePointsApi.apply(invoice.id, checked.points, code.trim()), t.applied);
    if (done) {
      setPointsText('');
      setCode('');
    }
  };

  const heading = (
    <h4 id={`${idPrefix}-heading`} style={{ margin: 0 }}>
      {t.heading}
    </h4>
  );

  // Applied: the invoice's facts show the points' line and the new total; they may be taken off before payment.
  if (invoice.pointsUsed > 0) {
    return (
      <div className={styles.form} aria-labelledby={`${idPrefix}-heading`} role="group">
        {heading}
        <div className={styles.buttons}>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => void submit(() => invoicePointsApi.remove(invoice.id), t.removed)}>
            {t.remove}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.form} aria-labelledby={`${idPrefix}-heading`} role="group">
      {heading}
      <dl className={styles.facts}>
        <dt>{t.balance}</dt>
        <dd>{t.points(offer.balance)}</dd>
        <dt>{t.maxUsable}</dt>
        <dd>
          {t.points(offer.maxUsable)} ({formatVnd(offer.maxUsable * offer.pointValue)})
        </dd>
      </dl>
      <p className={styles.muted} style={{ margin: 0 }}>
        {t.rules(formatVnd(offer.pointValue), offer.minimum, offer.capPercent)}
      </p>
      {!offer.available && offer.reason && <p className={styles.muted}>{offer.reason}</p>}
      {offer.available && offer.maxUsable < Math.max(1, offer.minimum) && <p className={styles.muted}>{t.notEnough}</p>}
      {offer.available && offer.maxUsable >= Math.max(1, offer.minimum) && (
        <form className={styles.form} noValidate onSubmit={(event) => void apply(event)} aria-label={t.heading}>
          <label>
            <span>{t.pointsLabel}</span>
            <input
              inputMode="numeric"
              value={pointsText}
              onChange={(event) => setPointsText(event.target.value)}
              placeholder={String(offer.maxUsable)}
              aria-invalid={errors.points ? true : undefined}
              aria-describedby={errors.points ? `${idPrefix}-points-error` : undefined}
            />
            <FieldError id={`${idPrefix}-points-error`} message={errors.points} />
          </label>
          <label>
            <span>{t.codeLabel}</span>
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={errors.consentCode ? true : undefined}
              aria-describedby={`${idPrefix}-code-hint${errors.consentCode ? ` ${idPrefix}-code-error` : ''}`}
            />
            <FieldError id={`${idPrefix}-code-error`} message={errors.consentCode} />
          </label>
          <p id={`${idPrefix}-code-hint`} className={styles.muted} style={{ margin: 0 }}>
            {t.codeHint}
          </p>
          <div className={styles.buttons}>
            <button type="submit" className={styles.action} disabled={busy}>
              {busy ? t.applying : t.apply}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
