import { Link } from 'react-router-dom';
import { formatDateTime, formatVnd } from 'shared-contracts';
import type { OrderSummary } from 'shared-contracts/schemas';
import { PageIntro } from '../../components/PageIntro';
import { orderItemsText } from '../../orderSummary/orderItemsText';
import { vi } from '../../i18n/vi';
import { useAppointmentEvents } from '../../service/useAppointmentEvents';
import { useSession } from '../../session/useSession';
import { OrderLoadFailure, OrderLoading } from './OrderStates';
import { ordersApi } from './ordersApi';
import { ordersText } from './ordersText';
import { useOrderData } from './useOrderData';
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

/** 'Đơn hàng của tôi' (login-guarded by the shell): the customer's orders, newest first, their statuses live. */
export function OrdersPage() {
  const { state, retry, set } = useOrderData((signal) => ordersApi.list(signal), []);
  const session = useSession();
  // An order moves (paid by its transfer, confirmed, shipped, expired) live: its event or a reconnection reads the list again.
  const reload = () => {
    ordersApi.list().then(set, () => undefined);
  };
  useAppointmentEvents({ onOrderStatus: reload, onReconnected: reload }, session?.user.id ?? null);
  return (
    <div className={styles.page}>
      <PageIntro title={vi.orders.title} description={vi.orders.description} />
      {state.status === 'loading' && <OrderLoading />}
      {state.status === 'error' && <OrderLoadFailure message={state.message} onRetry={retry} />}
      {state.status === 'ready' && state.data.length === 0 && (
        <div className={styles.panel}>
          <p>{ordersText.empty}</p>
          <p>
            <Link to="/products">{ordersText.shopNow}</Link>
          </p>
        </div>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className={styles.list} aria-label={ordersText.listLabel}>
          {state.data.map((order) => (
            <OrderCard key={order.code} order={order} />
          ))}
        </ul>
      )}
    </div>
  );
}

export default OrdersPage;
