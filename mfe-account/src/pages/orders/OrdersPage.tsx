import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatVnd, messages } from 'shared-contracts';
import { ORDER_SUMMARIES_PAGE_SIZE, ORDER_SUMMARIES_PAGE_SIZE_MAX } from 'shared-contracts/pricing';
import type { OrderSummary } from 'shared-contracts/schemas';
import { PageIntro } from '../../components/PageIntro';
import { loadedOf, useAsync } from '../../hooks/useAsync';
import { orderItemsText } from '../../orderSummary/orderItemsText';
import { vi } from '../../i18n/vi';
import { useAppointmentEvents } from '../../service/useAppointmentEvents';
import { useSession } from '../../session/useSession';
import { OrderLoadFailure, OrderLoading } from './OrderStates';
import { ordersApi } from './ordersApi';
import { ordersText } from './ordersText';
import styles from './OrdersPage.module.css';

function OrderCard({ order }: { order: OrderSummary }) {
  return (
    <li>
      <article className={styles.card} aria-labelledby={`order-${order.code}`}>
        <div>
          <h2 id={`order-${order.code}`}>
            {ordersText.orderCode} {order.code}
          </h2>
          <p className={styles.meta}>
            <span>
              {ordersText.orderedAt}: {formatDateTime(order.createdAt)}
            </span>
            <span>{orderItemsText(order)}</span>
          </p>
        </div>
        <p className={styles.amount}>{formatVnd(order.total)}</p>
        <p className={styles.meta}>
          <span className={styles.badge} data-status={order.status}>
            {order.statusLabel}
          </span>
        </p>
        <Link to={`/orders/${order.code}`} className={styles.link} aria-label={ordersText.viewLabel(order.code)}>
          {ordersText.view}
        </Link>
      </article>
    </li>
  );
}

/** The older pages the customer asked for, below the first one. */
interface OlderPages {
  items: OrderSummary[];
  hasMore: boolean;
  loading: boolean;
  failed: string | null;
}

/** 'Đơn hàng của tôi' (login-guarded by the shell): the customer's orders, newest first a page at a time, their statuses live. */
export function OrdersPage() {
  // Read again (an order moved), the list asks for as many as it shows (up to the API's most), in one page.
  const shownCount = useRef(0);
  const readOrders = useCallback(
    (signal: AbortSignal) => ordersApi.list(signal, undefined, Math.min(Math.max(shownCount.current, ORDER_SUMMARIES_PAGE_SIZE), ORDER_SUMMARIES_PAGE_SIZE_MAX)),
    [],
  );
  const { state: loaded, reload: reloadAs } = useAsync(readOrders, { failedText: messages.errors.generic });
  const state = loadedOf(loaded);
  const [older, setOlder] = useState<OlderPages | null>(null);
  const firstPage = state.status === 'ready' ? state.data : null;
  // That read covers the older pages shown: they go, and the list continues from its end.
  useEffect(() => setOlder(null), [firstPage]);
  // Until then each order once (the read again may hold what an older page showed).
  const shown = firstPage ? [...firstPage.items, ...(older?.items ?? []).filter((order) => !firstPage.items.some((first) => first.code === order.code))] : [];
  shownCount.current = shown.length;
  const hasMore = older ? older.hasMore : (firstPage?.hasMore ?? false);
  const showMore = () => {
    const last = shown.at(-1);
    if (!last || older?.loading) return;
    setOlder((current) => ({ items: current?.items ?? [], hasMore: true, loading: true, failed: null }));
    ordersApi
      .list(undefined, last.code)
      .then((page) => setOlder((current) => ({ items: [...(current?.items ?? []), ...page.items], hasMore: page.hasMore, loading: false, failed: null })))
      .catch((error: unknown) =>
        setOlder((current) => ({ items: current?.items ?? [], hasMore: true, loading: false, failed: error instanceof Error && error.message ? error.message : messages.errors.generic })),
      );
  };
  const session = useSession();
  // An order moves (paid by its transfer, confirmed, shipped, expired) live: its event or a reconnection reads the list
  // again, the list on screen until the answer (and kept if that read fails).
  const reload = () => reloadAs('keep');
  useAppointmentEvents({ onOrderStatus: reload, onReconnected: reload }, session?.user.id ?? null);
  return (
    <div className={styles.page}>
      <PageIntro title={vi.orders.title} description={vi.orders.description} />
      {state.status === 'loading' && <OrderLoading />}
      {state.status === 'failed' && <OrderLoadFailure message={state.message} onRetry={() => reloadAs('fresh')} />}
      {state.status === 'ready' && shown.length === 0 && (
        <div className={styles.panel}>
          <p>{ordersText.empty}</p>
          <p>
            <Link to="/products">{ordersText.shopNow}</Link>
          </p>
        </div>
      )}
      {state.status === 'ready' && shown.length > 0 && (
        <ul className={styles.list} aria-label={ordersText.listLabel}>
          {shown.map((order) => (
            <OrderCard key={order.code} order={order} />
          ))}
        </ul>
      )}
      {older?.failed && (
        <p role="alert" className={styles.meta}>
          {older.failed}
        </p>
      )}
      {state.status === 'ready' && hasMore && (
        <p>
          <button type="button" className={styles.button} onClick={showMore} disabled={older?.loading ?? false}>
            {older?.loading ? ordersText.loadingMore : ordersText.more}
          </button>
        </p>
      )}
    </div>
  );
}

export default OrdersPage;
