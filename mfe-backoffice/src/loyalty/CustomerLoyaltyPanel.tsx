import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, formatDate, formatDateTime, formatVnd } from 'shared-contracts';
import type { CustomerLoyalty } from 'shared-contracts/schemas';
import { LOYALTY_ADJUSTMENT_MAX, LOYALTY_ADJUSTMENT_REASON_MAX, LOYALTY_ADJUSTMENT_REASON_MIN } from 'shared-contracts/pricing';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { LoadFailed, Loading } from '../components/LoadStatus';
import { keepIfShown, loadedOf, useAsync } from '../hooks/useAsync';
import { loyaltyApi, newRequestKey } from './loyaltyApi';
import { loyaltyText } from './loyaltyText';
import { tierLine } from './tierRulesText';
import styles from './Loyalty.module.css';

const t = loyaltyText.customer;
const a = loyaltyText.adjust;

/** The points' own problem before anything is sent: a whole number, not 0, within ±LOYALTY_ADJUSTMENT_MAX, not below the balance. */
function pointsProblem(text: string, balance: number): string | null {
  const trimmed = text.trim().replace(/^−/, '-');
  if (!/^[+-]?\d{1,9}$/.test(trimmed)) return a.pointsInvalid;
  const points = Number(trimmed);
  if (points === 0) return a.pointsInvalid;
  if (Math.abs(points) > LOYALTY_ADJUSTMENT_MAX) return a.pointsTooLarge;
  return points < 0 && balance + points < 0 ? a.pointsBelowZero(balance) : null;
}

function reasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  if (length < LOYALTY_ADJUSTMENT_REASON_MIN) return a.reasonTooShort;
  return length > LOYALTY_ADJUSTMENT_REASON_MAX ? a.reasonTooLong : null;
}

/**
 * "Điểm thưởng của khách hàng" (a manager's or an admin's, on the customer's record): the balance and its worth, the
 * form "Điều chỉnh điểm" and the ledger, newest first, with who adjusted. Each adjustment is sent with one request key,
 * kept until it is written, so a double click or a retry writes it once; the ledger is read again after it. A 422
 * (below 0, out of bounds) stays beside its field; a 409 is explained and the ledger reloaded.
 */
export function CustomerLoyaltyPanel({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const read = useCallback((signal: AbortSignal) => loyaltyApi.customer(userId, page, signal), [userId, page]);
  const { state, reload, setData } = useAsync(read, { failedText: t.loadFailed, start: keepIfShown });
  const loaded = loadedOf(state);

  return (
    <section className={styles.panel} aria-labelledby="customer-loyalty-heading">
      <div className={styles.panelHeader}>
        <h3 id="customer-loyalty-heading">{t.heading}</h3>
      </div>
      {loaded.status === 'loading' && <Loading text={t.loading} />}
      {loaded.status === 'failed' && <LoadFailed message={loaded.message} retryLabel={t.retry} onRetry={() => reload('fresh')} />}
      {loaded.status === 'ready' && (
        <>
          <p className={styles.balance}>
            {t.balance}: <span data-testid="loyalty-balance">{t.points(loaded.data.balance)}</span>{' '}
            <span className={styles.muted}>({t.worth(formatVnd(loaded.data.balanceValue))})</span>
          </p>
          <p data-testid="loyalty-tier">{tierLine(loaded.data.tier)}</p>
          <AdjustmentForm
            userId={userId}
            balance={loaded.data.balance}
            onWritten={(ledger) => {
              setPage(1);
              setData(() => ledger);
            }}
            onConflict={() => {
              setPage(1);
              reload('keep');
            }}
          />
          <Ledger ledger={loaded.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function Ledger({ ledger, onPage }: { ledger: CustomerLoyalty; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(ledger.total / ledger.pageSize));
  return (
    <section className={styles.section} aria-labelledby="customer-ledger-heading">
      <h4 id="customer-ledger-heading">{t.ledgerHeading}</h4>
      {ledger.entries.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.muted}>{t.ledgerCaption(ledger.entries.length, ledger.total)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.at}</th>
                <th scope="col">{t.kind}</th>
                <th scope="col" className={styles.numeric}>
                  {t.change}
                </th>
                <th scope="col">{t.reason}</th>
                <th scope="col">{t.actor}</th>
                <th scope="col">{t.expires}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.entries.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </th>
                  <td>{entry.kindLabel}</td>
                  <td className={`${styles.numeric} ${entry.points < 0 ? styles.minus : styles.plus}`}>{t.signedPoints(entry.points)}</td>
                  <td className={styles.wrap}>{entry.reason}</td>
                  <td>{entry.actor?.fullName ?? t.system}</td>
                  <td>{entry.expiresAt ? <time dateTime={entry.expiresAt}>{formatDate(entry.expiresAt)}</time> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <div className={styles.pager}>
          <button type="button" className={styles.secondary} disabled={ledger.page <= 1} onClick={() => onPage(ledger.page - 1)}>
            {t.newer}
          </button>
          <span>{t.page(ledger.page, pages)}</span>
          <button type="button" className={styles.secondary} disabled={ledger.page >= pages} onClick={() => onPage(ledger.page + 1)}>
            {t.older}
          </button>
        </div>
      )}
    </section>
  );
}

interface FormProps {
  userId: number;
  balance: number;
  onWritten: (ledger: CustomerLoyalty) => void;
  onConflict: () => void;
}

function AdjustmentForm({ userId, balance, onWritten, onConflict }: FormProps) {
  const formId = useId();
  const pointsId = `${formId}-points`;
  const reasonId = `${formId}-reason`;
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ points?: string; reason?: string }>({});
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per adjustment meant: kept across a retry of the same one, a new one once it is written or changed.
  const key = useRef<string | null>(null);
  const sending = useRef(false);
  const serverFields = fieldErrorsOf(error);
  const pointsMessage = problems.points ?? serverFields.points ?? null;
  const reasonMessage = problems.reason ?? serverFields.reason ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    setNotice(null);
    setConflict(null);
    setError(null);
    const found = { points: pointsProblem(points, balance) ?? undefined, reason: reasonProblem(reason) ?? undefined };
    setProblems(found);
    if (found.points || found.reason) {
      document.getElementById(found.points ? pointsId : reasonId)?.focus();
      return;
    }
    const value = Number(points.trim().replace(/^−/, '-'));
    key.current ??= newRequestKey();
    sending.current = true;
    setBusy(true);
    try {
      const ledger = await loyaltyApi.adjust(userId, { points: value, reason: reason.trim() }, key.current);
      key.current = null;
      setPoints('');
      setReason('');
      setNotice(a.done(value));
      onWritten(ledger);
    } catch (failure) {
      if (isConflict(failure)) {
        key.current = null;
        setConflict(a.conflict);
        onConflict();
      } else {
        // A refusal (422, 400) will not be written with this key: the next try is a new request.
        if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) key.current = null;
        setError(failure);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const changed = () => {
    key.current = null;
  };
  const otherError = error !== null && !serverFields.points && !serverFields.reason;

  return (
    <section className={styles.section} aria-labelledby={`${formId}-heading`}>
      <h4 id={`${formId}-heading`}>{a.heading}</h4>
      <p className={styles.hint}>{a.help}</p>
      <form className={styles.form} noValidate aria-labelledby={`${formId}-heading`} onSubmit={(event) => void submit(event)}>
        <div className={styles.fields}>
          <div className={styles.field}>
            <label htmlFor={pointsId}>{a.pointsLabel}</label>
            <input
              id={pointsId}
              className={styles.input}
              inputMode="numeric"
              autoComplete="off"
              value={points}
              aria-invalid={pointsMessage ? true : undefined}
              aria-describedby={pointsMessage ? `${pointsId}-error ${pointsId}-hint` : `${pointsId}-hint`}
              onChange={(event) => {
                setPoints(event.target.value);
                changed();
                if (problems.points) setProblems(({ reason: kept }) => ({ reason: kept }));
              }}
            />
            <span id={`${pointsId}-hint`} className={styles.hint}>
              {a.pointsHint}
            </span>
            {pointsMessage && (
              <span id={`${pointsId}-error`} role="alert" className={styles.fieldError}>
                {pointsMessage}
              </span>
            )}
          </div>
          <div className={styles.field}>
            <label htmlFor={reasonId}>{a.reasonLabel}</label>
            <textarea
              id={reasonId}
              className={styles.textarea}
              rows={2}
              maxLength={LOYALTY_ADJUSTMENT_REASON_MAX}
              value={reason}
              aria-invalid={reasonMessage ? true : undefined}
              aria-describedby={reasonMessage ? `${reasonId}-error ${reasonId}-hint` : `${reasonId}-hint`}
              onChange={(event) => {
                setReason(event.target.value);
                changed();
                if (problems.reason) setProblems(({ points: kept }) => ({ points: kept }));
              }}
            />
            <span id={`${reasonId}-hint`} className={styles.hint}>
              {a.reasonHint} ({reason.trim().length}/{LOYALTY_ADJUSTMENT_REASON_MAX})
            </span>
            {reasonMessage && (
              <span id={`${reasonId}-error`} role="alert" className={styles.fieldError}>
                {reasonMessage}
              </span>
            )}
          </div>
        </div>
        {(otherError || conflict) && (
          <p role="alert" className={styles.alert}>
            {conflict ?? messageOf(error, a.failed)}
          </p>
        )}
        <p role="status" className={styles.done}>
          {notice ?? ''}
        </p>
        <div>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? a.busy : a.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
