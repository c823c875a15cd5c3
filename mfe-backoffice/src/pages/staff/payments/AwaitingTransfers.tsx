import { useState } from 'react';
import { ApiError, formatDateTime, formatVnd } from 'shared-contracts';
import { loadedOf, useAsync } from '../../../hooks/useAsync';
import { paymentsApi } from './paymentsApi';
import { paymentsText as t } from './paymentsText';
import styles from './AwaitingTransfers.module.css';
import tables from '../../../components/Tables.module.css';

const readAwaiting = (signal: AbortSignal) => paymentsApi.awaitingTransfer(signal);

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

/**
 * The VietQR orders waiting for their transfer, for staff to tick off against the bank statement: one
 * confirmation per order (the order then leaves the list), with the outcome announced to screen readers.
 */
export function AwaitingTransfers() {
  const { state: loaded, reload, setData } = useAsync(readAwaiting, { failedText: t.loadFailed });
  const listing = loadedOf(loaded);
  const [busyCode, setBusyCode] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);

  const confirm = async (code: string) => {
    setBusyCode(code);
    setNotice(null);
    try {
      await paymentsApi.confirm(code);
      setData((orders) => orders?.filter((order) => order.code !== code));
      setNotice({ kind: 'done', text: t.confirmed(code) });
    } catch (error) {
      setNotice({ kind: 'failed', text: messageOf(error, t.loadFailed) });
    } finally {
      setBusyCode(null);
    }
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
                <span className={styles.visuallyHidden}>{t.confirm}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {listing.data.map((order) => (
              <tr key={order.code}>
                <th scope="row">{order.code}</th>
                <td>
                  {order.recipientName}
                  <br />
                  <span className={styles.muted}>
                    {order.phone} · {order.customerEmail}
                  </span>
                </td>
                <td>{formatVnd(order.total)}</td>
                <td>
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                </td>
                <td>
                  <button
                    type="button"
                    className={styles.primary}
                    aria-label={t.confirmLabel(order.code)}
                    disabled={busyCode !== null}
                    onClick={() => void confirm(order.code)}
                  >
                    {busyCode === order.code ? t.confirming : t.confirm}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </section>
  );
}
