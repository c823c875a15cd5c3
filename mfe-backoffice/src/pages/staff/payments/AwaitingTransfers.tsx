import { useState, type FormEvent } from 'react';
import { ApiError, formatDateTime, formatVnd } from 'shared-contracts';
import { vietnamDateOf } from 'shared-contracts/calendar';
import type { WebOrderListItem } from 'shared-contracts/schemas';
import { loadedOf, useAsync } from '../../../hooks/useAsync';
import { paymentsApi } from './paymentsApi';
import { paymentsText as t } from './paymentsText';
import styles from './AwaitingTransfers.module.css';
import tables from '../../../components/Tables.module.css';

const readAwaiting = (signal: AbortSignal) => paymentsApi.awaitingTransfer(signal);

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

type Notice = { kind: 'done' | 'failed'; text: string };

/**
 * The centre's VietQR orders waiting for their transfer, for staff to tick off against the bank statement: the
 * desk records the transfer it sees (amount, bank reference, day); the exact total pays the order (it leaves the
 * list), any other amount goes to the exceptions queue. The outcome is announced to screen readers.
 */
export function AwaitingTransfers() {
  const { state: loaded, reload, setData } = useAsync(readAwaiting, { failedText: t.loadFailed });
  const listing = loadedOf(loaded);
  const [openCode, setOpenCode] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const recorded = (code: string, outcome: 'MATCHED' | 'EXCEPTION') => {
    setOpenCode(null);
    if (outcome === 'MATCHED') {
      setData((orders) => orders?.filter((order) => order.code !== code));
      setNotice({ kind: 'done', text: t.paid(code) });
    } else setNotice({ kind: 'done', text: t.queued });
  };

  return (
    <section className={styles.panel} aria-labelledby="awaiting-transfers-heading">
      <h2 id="awaiting-transfers-heading">{t.heading}</h2>
      <p className={styles.lead}>{t.lead}</p>
      <p role="status" aria-live="polite" className={notice?.kind === 'failed' ? styles.failed : styles.done}>
        {notice?.text ?? ''}
      </p>
      {listing.status === 'loading' && <p>{t.loading}</p>}
      {listing.status === 'failed' && (
        <p role="alert" className={styles.failed}>
          {listing.message}{' '}
          <button type="button" className={styles.secondary} onClick={() => reload('fresh')}>
            {t.retry}
          </button>
        </p>
      )}
      {listing.status === 'ready' && listing.data.length === 0 && <p>{t.empty}</p>}
      {listing.status === 'ready' && listing.data.length > 0 && (
        <div className={tables.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t.code}</th>
                <th scope="col">{t.customer}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.placedAt}</th>
                <th scope="col">
                  <span className={styles.visuallyHidden}>{t.record}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listing.data.map((order) => (
                <AwaitingRow
                  key={order.code}
                  order={order}
                  open={openCode === order.code}
                  onOpen={() => {
                    setNotice(null);
                    setOpenCode(order.code);
                  }}
                  onClose={() => setOpenCode(null)}
                  onRecorded={(outcome) => recorded(order.code, outcome)}
                  onFailed={(text) => setNotice({ kind: 'failed', text })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

interface AwaitingRowProps {
  order: WebOrderListItem;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onRecorded: (outcome: 'MATCHED' | 'EXCEPTION') => void;
  onFailed: (text: string) => void;
}

function AwaitingRow({ order, open, onOpen, onClose, onRecorded, onFailed }: AwaitingRowProps) {
  return (
    <>
      <tr>
        <th scope="row">{order.code}</th>
        <td>
          {order.recipientName}
          <br />
          <span className={styles.muted}>{order.phone}</span>
        </td>
        <td>{formatVnd(order.total)}</td>
        <td>
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </td>
        <td>
          <button type="button" className={styles.primary} aria-label={t.recordLabel(order.code)} aria-expanded={open} onClick={onOpen}>
            {t.record}
          </button>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={5}>
            <TransferForm order={order} onClose={onClose} onRecorded={onRecorded} onFailed={onFailed} />
          </td>
        </tr>
      )}
    </>
  );
}

function TransferForm({ order, onClose, onRecorded, onFailed }: Pick<AwaitingRowProps, 'order' | 'onClose' | 'onRecorded' | 'onFailed'>) {
  const [amount, setAmount] = useState(String(order.total));
  const [reference, setReference] = useState('');
  const [day, setDay] = useState(() => vietnamDateOf(new Date()));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; reference?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount.replace(/[.\s]/g, ''));
    const found = {
      ...(!Number.isInteger(value) || value <= 0 ? { amount: t.amountInvalid } : {}),
      ...(reference.trim().length < 3 ? { reference: t.referenceRequired } : {}),
    };
    setErrors(found);
    if (found.amount || found.reference) return;
    setBusy(true);
    try {
      const result = await paymentsApi.recordTransfer(order.code, { amount: value, bankReference: reference.trim(), transferredOn: day });
      onRecorded(result.outcome);
    } catch (error) {
      onFailed(messageOf(error, t.loadFailed));
    } finally {
      setBusy(false);
    }
  };

  const id = (field: string) => `transfer-${order.code}-${field}`;
  return (
    <form className={styles.transferForm} aria-label={t.formLabel(order.code)} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id('amount')}>{t.amountReceived}</label>
      <input
        id={id('amount')}
        inputMode="numeric"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        aria-invalid={errors.amount ? true : undefined}
        aria-describedby={errors.amount ? id('amount-error') : undefined}
      />
      {errors.amount && <span id={id('amount-error')} className={styles.failed}>{errors.amount}</span>}
      <label htmlFor={id('reference')}>{t.bankReference}</label>
      <input
        id={id('reference')}
        value={reference}
        maxLength={60}
        autoComplete="off"
        onChange={(event) => setReference(event.target.value)}
        aria-invalid={errors.reference ? true : undefined}
        aria-describedby={errors.reference ? id('reference-error') : undefined}
        // The clerk opened the form to type this: the amount is already the order's total.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
      />
      {errors.reference && <span id={id('reference-error')} className={styles.failed}>{errors.reference}</span>}
      <label htmlFor={id('day')}>{t.transferredOn}</label>
      <input id={id('day')} type="date" value={day} max={vietnamDateOf(new Date())} onChange={(event) => setDay(event.target.value)} />
      <div className={styles.formActions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? t.submitting : t.submit}
        </button>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
