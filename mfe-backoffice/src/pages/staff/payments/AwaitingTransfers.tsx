import { useCallback, useEffect, useState } from 'react';
import { ApiError, formatDateTime, formatVnd } from 'shared-contracts';
import type { StaffOrderSummary } from 'shared-contracts/schemas';
import { paymentsApi } from './paymentsApi';
import { paymentsText as t } from './paymentsText';
import styles from './AwaitingTransfers.module.css';

type Listing = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; orders: StaffOrderSummary[] };

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

/**
 * The VietQR orders waiting for their transfer, for staff to tick off against the bank statement: one
 * confirmation per order (the order then leaves the list), with the outcome announced to screen readers.
 */
export function AwaitingTransfers() {
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [busyCode, setBusyCode] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);

  const load = useCallback((signal?: AbortSignal) => {
    setListing({ state: 'loading' });
    paymentsApi.awaitingTransfer(signal).then(
      (orders) => setListing({ state: 'ready', orders }),
      (error: unknown) => {
        if (!signal?.aborted) setListing({ state: 'failed', message: messageOf(error, t.loadFailed) });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const confirm = async (code: string) => {
    setBusyCode(code);
    setNotice(null);
    try {
      await paymentsApi.confirm(code);
      setListing((current) => (current.state === 'ready' ? { state: 'ready', orders: current.orders.filter((order) => order.code !== code) } : current));
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
      {listing.state === 'loading' && <p>{t.loading}</p>}
      {listing.state === 'failed' && (
        <p role="alert" className={styles.failed}>
          {listing.message}{' '}
          <button type="button" className={styles.secondary} onClick={() => load()}>
            {t.retry}
          </button>
        </p>
      )}
      {listing.state === 'ready' && listing.orders.length === 0 && <p>{t.empty}</p>}
      {listing.state === 'ready' && listing.orders.length > 0 && (
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
            {listing.orders.map((order) => (
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
      )}
    </section>
  );
}
