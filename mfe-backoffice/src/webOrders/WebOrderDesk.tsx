import { useCallback, useRef, useState } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { FULFILMENT_METHOD_LABELS, FULFILMENT_METHODS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from 'shared-contracts/pricing';
import type { WebOrderListItem } from 'shared-contracts/schemas';
import { ListingState } from '../components/DeskParts';
import { LiveStatus, useFloorEvents } from '../floorEvents';
import { latestOf, useAsync } from '../hooks/useAsync';
import { WebOrderDetailPanel } from './WebOrderDetailPanel';
import { webOrdersApi, type DeskFilters } from './webOrdersApi';
import { useNarrowScreen } from './useNarrowScreen';
import { webOrderText as t } from './webOrderText';
import desk from '../components/DeskPanels.module.css';
import styles from './WebOrders.module.css';

/** The desk's change kinds on the centre's floor stream: an order, or its parcel moved by the carrier. */
const WEB_ORDER_KINDS: ReadonlySet<string> = new Set(['web-order', 'shipment']);

/** One order as a card on a phone: code and age, customer and status, total and payment; one tap opens it. */
function OrderCard({ order, current, now, onOpen }: { order: WebOrderListItem; current: boolean; now: number; onOpen: () => void }) {
  return (
    <li className={styles.card} aria-current={current ? 'true' : undefined}>
      <button type="button" className={styles.cardOpen} onClick={onOpen} aria-label={t.open(order.code)} data-order-code={order.code}>
        <span className={styles.cardRow}>
          <strong className={styles.cardCode}>{order.code}</strong>
          <time dateTime={order.createdAt} className={styles.muted}>
            {t.age(order.createdAt, now)}
          </time>
        </span>
        <span className={styles.cardRow}>
          <span className={styles.cardName}>{order.recipientName}</span>
          <span className={styles.badge} data-status={order.status}>
            {order.statusLabel}
          </span>
        </span>
        <span className={styles.cardRow}>
          <strong>{formatVnd(order.total)}</strong>
          <span className={styles.muted}>{order.paymentStatusLabel}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * The web orders of the user's scope, live: counts per status (tabs), filters, a page of orders newest first,
 * and the selected order's detail beside it (the list takes the whole width while none is open). On a phone
 * (≤ 480 px) a card per order, the status a select, the search in one row with a disclosure of the other filters; an open
 * order replaces the list until closed. A `web-order` change on the centre's stream (or the stream coming back)
 * reloads the list and the open order.
 */
export function WebOrderDesk() {
  const [filters, setFilters] = useState<DeskFilters>({ page: 1 });
  const [draft, setDraft] = useState<DeskFilters>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);
  const narrow = useNarrowScreen();
  const [moreOpen, setMoreOpen] = useState(false);
  const cardsRef = useRef<HTMLUListElement>(null);

  const refresh = useCallback(() => setRevision((value) => value + 1), []);
  const mode = useFloorEvents((event) => {
    if (event === null || WEB_ORDER_KINDS.has(event.kind)) refresh();
  });

  // a new filter or a live change keeps the list on screen until the answer; a failure replaces it
  const read = useCallback((signal: AbortSignal) => webOrdersApi.list(filters, signal), [filters]);
  const listing = latestOf(useAsync(read, { failedText: t.loadFailed, start: 'keep', reloadKey: revision }).state);

  const applyFilters = (event: React.FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, status: filters.status, page: 1 });
  };
  const setDraftField = (field: keyof DeskFilters) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  const data = listing.status === 'ready' ? listing.data : null;
  const allCount = data ? data.counts.reduce((sum, entry) => sum + entry.count, 0) : null;
  const statusCounts = data?.counts.filter((entry) => entry.count > 0 || entry.status === filters.status) ?? [];
  const now = Date.now();

  const close = () => {
    const code = selected;
    setSelected(null);
    // on a phone the list comes back where the order was: its card keeps the focus
    if (narrow && code) requestAnimationFrame(() => cardsRef.current?.querySelector<HTMLButtonElement>(`[data-order-code="${code}"]`)?.focus());
  };

  const moreFields = (
    <>
      <label>
        <span>{t.paymentStatus}</span>
        <select value={draft.paymentStatus ?? ''} onChange={setDraftField('paymentStatus')}>
          <option value="">{t.any}</option>
          {PAYMENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {PAYMENT_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t.paymentMethod}</span>
        <select value={draft.paymentMethod ?? ''} onChange={setDraftField('paymentMethod')}>
          <option value="">{t.any}</option>
          {PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {PAYMENT_METHOD_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t.fulfilment}</span>
        <select value={draft.fulfilment ?? ''} onChange={setDraftField('fulfilment')}>
          <option value="">{t.any}</option>
          {FULFILMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {FULFILMENT_METHOD_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t.from}</span>
        <input type="date" value={draft.from ?? ''} onChange={setDraftField('from')} />
      </label>
      <label>
        <span>{t.to}</span>
        <input type="date" value={draft.to ?? ''} onChange={setDraftField('to')} />
      </label>
    </>
  );
  const searchField = (
    <label className={styles.searchField}>
      <span>{t.search}</span>
      <input type="search" value={draft.q ?? ''} onChange={setDraftField('q')} maxLength={60} />
    </label>
  );
  const submitButton = (
    <button type="submit" className={desk.primary}>
      {t.searchButton}
    </button>
  );


  return (
    <div className={styles.desk} data-open={selected ? 'true' : undefined}>
      <section className={`${desk.panel} ${styles.listPanel}`} aria-labelledby="web-orders-heading" hidden={narrow && selected !== null} data-testid="web-order-list">
        {/* on a phone the heading is read, not shown, and the live line goes under the list: the first order comes first */}
        <div className={desk.headingRow}>
          <h2 id="web-orders-heading" className={narrow ? styles.visuallyHidden : undefined}>
            {t.listHeading}
          </h2>
          {!narrow && <LiveStatus mode={mode} />}
        </div>
        {narrow ? (
          <label className={styles.statusSelect}>
            <span className={styles.visuallyHidden}>{t.statusSelect}</span>
            <select value={filters.status ?? ''} onChange={(event) => setFilters({ ...filters, status: event.target.value || undefined, page: 1 })}>
              <option value="">
                {t.all}
                {allCount !== null ? ` (${allCount})` : ''}
              </option>
              {statusCounts.map((entry) => (
                <option key={entry.status} value={entry.status}>
                  {entry.label} ({entry.count})
                </option>
              ))}
            </select>
          </label>
        ) : (
          <div className={desk.tabs} role="group" aria-label={t.status}>
            <button type="button" aria-pressed={!filters.status} onClick={() => setFilters({ ...filters, status: undefined, page: 1 })}>
              {t.all} {allCount !== null && <span className={styles.count}>{allCount}</span>}
            </button>
            {statusCounts.map((entry) => (
              <button key={entry.status} type="button" aria-pressed={filters.status === entry.status} onClick={() => setFilters({ ...filters, status: entry.status, page: 1 })}>
                {entry.label} <span className={styles.count}>{entry.count}</span>
              </button>
            ))}
          </div>
        )}
        {narrow ? (
          <form className={styles.compactFilters} onSubmit={applyFilters} aria-label={t.filters}>
            <div className={styles.searchRow}>
              <label className={styles.searchField}>
                <span className={styles.visuallyHidden}>{t.search}</span>
                <input type="search" value={draft.q ?? ''} onChange={setDraftField('q')} maxLength={60} placeholder={t.searchShort} />
              </label>
              {submitButton}
              <button type="button" aria-expanded={moreOpen} aria-controls="web-order-more-filters" onClick={() => setMoreOpen((open) => !open)}>
                {t.moreFilters}
              </button>
            </div>
            {moreOpen && (
              <div id="web-order-more-filters" className={styles.moreFilters}>
                {moreFields}
              </div>
            )}
          </form>
        ) : (
          <form className={styles.filters} onSubmit={applyFilters} aria-label={t.filters}>
            {searchField}
            {moreFields}
            {submitButton}
          </form>
        )}

        <ListingState listing={listing} loadingText={t.loading} retryText={t.retry} onRetry={refresh} />
        {data && data.items.length === 0 && <p>{t.empty}</p>}
        {data && data.items.length > 0 && (
          <>
            {narrow ? (
              <ul className={styles.cards} aria-label={t.cards} ref={cardsRef}>
                {data.items.map((order) => (
                  <OrderCard key={order.code} order={order} current={order.code === selected} now={now} onOpen={() => setSelected(order.code)} />
                ))}
              </ul>
            ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t.code}</th>
                    <th scope="col">{t.customer}</th>
                    <th scope="col">{t.total}</th>
                    <th scope="col">{t.status}</th>
                    <th scope="col">{t.placedAt}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((order) => (
                    <tr key={order.code} aria-current={order.code === selected ? 'true' : undefined}>
                      <th scope="row">
                        <button type="button" className={styles.link} onClick={() => setSelected(order.code)} aria-label={t.open(order.code)}>
                          {order.code}
                        </button>
                      </th>
                      <td>
                        {order.recipientName}
                        <br />
                        <span className={styles.muted}>
                          {order.phone} · {FULFILMENT_METHOD_LABELS[order.fulfilmentMethod]}
                        </span>
                      </td>
                      <td>
                        {formatVnd(order.total)}
                        <br />
                        <span className={styles.muted}>{order.paymentStatusLabel}</span>
                      </td>
                      <td>
                        <span className={styles.badge} data-status={order.status}>
                          {order.statusLabel}
                        </span>
                      </td>
                      <td>
                        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            )}
            <nav className={desk.pager} aria-label={t.pager}>
              <button type="button" disabled={data.page <= 1} onClick={() => setFilters({ ...filters, page: data.page - 1 })}>
                {t.previous}
              </button>
              <span>{t.page(data.page, data.total)}</span>
              <button type="button" disabled={!data.hasMore} onClick={() => setFilters({ ...filters, page: data.page + 1 })}>
                {t.next}
              </button>
            </nav>
          </>
        )}
        {narrow && <LiveStatus mode={mode} />}
      </section>
      {selected && <WebOrderDetailPanel code={selected} revision={revision} onChanged={refresh} onClose={close} closeText={narrow ? t.backToList : t.close} />}
    </div>
  );
}
