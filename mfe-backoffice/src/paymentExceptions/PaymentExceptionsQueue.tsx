import { useCallback, useState } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { PAYMENT_EXCEPTION_CHANGE_KIND } from 'shared-contracts/pricing';
import { ListingState } from '../components/DeskParts';
import { LiveStatus, useFloorEvents } from '../floorEvents';
import { latestOf, useAsync } from '../hooks/useAsync';
import { PaymentExceptionDetailPanel } from './PaymentExceptionDetailPanel';
import { paymentExceptionsApi } from './paymentExceptionsApi';
import { paymentExceptionText as t } from './paymentExceptionText';
import desk from '../components/DeskPanels.module.css';
import styles from './PaymentExceptions.module.css';

/** A transfer's order changes with it (matched, reinstated): the desk's own kind reloads the queue too. */
const RELOADING_KINDS: ReadonlySet<string> = new Set([PAYMENT_EXCEPTION_CHANGE_KIND, 'web-order']);

/**
 * "Giao dịch cần xử lý": the transfers of the desk that did not pay an order by themselves, open (oldest first)
 * or resolved, and the selected one's detail and actions beside the list. Live: a `payment-exception` (or
 * `web-order`) change on the centre's stream, or the stream coming back, reloads the list and the open one.
 * `initialSelected`: the exception opened first (a link from elsewhere, e.g. a COD statement's line).
 */
export function PaymentExceptionsQueue({ initialSelected = null }: { initialSelected?: number | null } = {}) {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(initialSelected);
  const [revision, setRevision] = useState(0);

  const refresh = useCallback(() => setRevision((value) => value + 1), []);
  const mode = useFloorEvents((event) => {
    if (event === null || RELOADING_KINDS.has(event.kind)) refresh();
  });

  // another tab or page, or a live change, keeps the list on screen until the answer; a failure replaces it
  const read = useCallback((signal: AbortSignal) => paymentExceptionsApi.list(status, page, signal), [status, page]);
  const listing = latestOf(useAsync(read, { failedText: t.loadFailed, start: 'keep', reloadKey: revision }).state);

  const show = (next: 'open' | 'resolved') => {
    setStatus(next);
    setPage(1);
  };
  const data = listing.status === 'ready' ? listing.data : null;

  return (
    <div className={styles.queue}>
      <section className={desk.panel} aria-labelledby="payment-exceptions-heading">
        <div className={desk.headingRow}>
          <h2 id="payment-exceptions-heading">{t.heading}</h2>
          <LiveStatus mode={mode} />
        </div>
        <p className={styles.muted}>{t.intro}</p>
        <div className={desk.tabs} role="group" aria-label={t.statusGroup}>
          <button type="button" aria-pressed={status === 'open'} onClick={() => show('open')}>
            {t.open} {data && <span className={styles.count}>{data.openCount}</span>}
          </button>
          <button type="button" aria-pressed={status === 'resolved'} onClick={() => show('resolved')}>
            {t.resolved}
          </button>
        </div>
        <ListingState listing={listing} loadingText={t.loading} retryText={t.retry} onRetry={refresh} />
        {data && data.items.length === 0 && <p>{status === 'open' ? t.emptyOpen : t.emptyResolved}</p>}
        {data && data.items.length > 0 && (
          <ul className={styles.items}>
            {data.items.map((item) => (
              <li key={item.id} aria-current={item.id === selected ? 'true' : undefined}>
                <button type="button" className={styles.item} onClick={() => setSelected(item.id)}>
                  <span className={styles.amount}>{formatVnd(item.amount)}</span>
                  <span className={styles.badge} data-reason={item.reason ?? undefined}>
                    {item.resolutionLabel ?? item.reasonLabel}
                  </span>
                  <span className={styles.content}>{item.content}</span>
                  <span className={styles.muted}>
                    {item.providerLabel} · <time dateTime={item.receivedAt}>{formatDateTime(item.receivedAt)}</time>
                    {item.order ? ` · ${item.orderSuggested ? '≈ ' : ''}${item.order.code}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {data && (data.page > 1 || data.hasMore) && (
          <nav className={desk.pager} aria-label={t.pager}>
            <button type="button" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
              {t.previous}
            </button>
            <span>{t.page(data.page)}</span>
            <button type="button" disabled={!data.hasMore} onClick={() => setPage(data.page + 1)}>
              {t.next}
            </button>
          </nav>
        )}
      </section>
      {selected !== null && <PaymentExceptionDetailPanel id={selected} revision={revision} onChanged={refresh} onClose={() => setSelected(null)} />}
    </div>
  );
}
