import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, formatDateTime, formatVnd, messages } from 'shared-contracts';
import { PAYMENT_METHOD_LABELS } from 'shared-contracts/pricing';
import type { Order } from 'shared-contracts/schemas';
import { PageIntro } from '../../components/PageIntro';
import { EInvoiceSection, orderHandedOver, orderShowsEInvoices } from '../../eInvoices';
import { loadedOf, useAsync, type Loaded } from '../../hooks/useAsync';
import { vi } from '../../i18n/vi';
import { ContactCentreButton } from '../../messages';
import { OrderLineReview, useOrderReviews, type OrderReviews } from '../../reviews';
import { useAppointmentEvents } from '../../service/useAppointmentEvents';
import { useSession } from '../../session/useSession';
import { OrderInvoice } from './OrderInvoice';
import { OrderLoadFailure, OrderLoading } from './OrderStates';
import { ParcelJourney, parcelOf } from './ParcelJourney';
import { ordersApi } from './ordersApi';
import { ordersText } from './ordersText';
import { VietQrPayment } from './VietQrPayment';
import styles from './OrdersPage.module.css';

function Lines({ order, reviews }: { order: Order; reviews: OrderReviews }) {
  return (
    <section className={styles.panel} aria-labelledby="order-lines-heading">
      <h2 id="order-lines-heading">{ordersText.linesHeading}</h2>
      <ul className={styles.lines}>
        {order.lines.map((line) => (
          <li key={`${line.kind}-${line.refId}`}>
            {line.image ? <img src={line.image} alt="" width={64} height={48} loading="lazy" className={styles.thumb} /> : <span className={styles.thumb} aria-hidden="true" />}
            <div>
              <Link to={line.kind === 'product' ? `/products/${line.slug}` : `/packages#${line.slug}`}>{ordersText.line(line.name, line.quantity)}</Link>
              <p className={styles.muted}>{ordersText.unitPrice(formatVnd(line.unitPrice))}</p>
            </div>
            <span>{formatVnd(line.lineTotal)}</span>
            {line.kind === 'product' && <OrderLineReview reviews={reviews} productId={line.refId} />}
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <dt>{ordersText.subtotal}</dt>
        <dd>{formatVnd(order.subtotal)}</dd>
        {order.discount > 0 && (
          <>
            <dt>{ordersText.discount(order.promotionCode)}</dt>
            <dd>−{formatVnd(order.discount)}</dd>
          </>
        )}
        <dt>{ordersText.shippingFee}</dt>
        <dd>{order.shippingFee === 0 ? ordersText.free : formatVnd(order.shippingFee)}</dd>
        {(order.pointsValue ?? 0) > 0 && (
          <>
            <dt>{ordersText.points(order.pointsUsed ?? 0)}</dt>
            <dd>−{formatVnd(order.pointsValue ?? 0)}</dd>
          </>
        )}
        <dt className={styles.grand}>{ordersText.grandTotal}</dt>
        <dd className={styles.grand}>{formatVnd(order.total)}</dd>
      </dl>
    </section>
  );
}

function Fulfilment({ order }: { order: Order }) {
  const { address, centre } = order.fulfilment;
  return (
    <section className={styles.panel} aria-labelledby="order-fulfilment-heading">
      <h2 id="order-fulfilment-heading">{ordersText.fulfilmentHeading}</h2>
      <dl className={styles.details}>
        <dt>{ordersText.recipient}</dt>
        <dd>{order.recipientName}</dd>
        <dt>{ordersText.phone}</dt>
        <dd>{order.phone}</dd>
        {order.fulfilment.method === 'delivery' && address && (
          <>
            <dt>{ordersText.delivery}</dt>
            <dd>{[address.street, address.ward, address.province].join(', ')}</dd>
          </>
        )}
        {order.fulfilment.method === 'pickup' && centre && (
          <>
            <dt>{ordersText.pickup}</dt>
            <dd>
              {centre.name} – {centre.address}
            </dd>
          </>
        )}
        {order.note && (
          <>
            <dt>{ordersText.note}</dt>
            <dd>{order.note}</dd>
          </>
        )}
        <dt>{ordersText.paymentMethod}</dt>
        <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
        <dt>{ordersText.paymentStatus}</dt>
        <dd>{order.paymentStatusLabel}</dd>
        {/* a parcel with a carrier's waybill has its own section ("Hành trình đơn hàng") */}
        {order.shipment && !parcelOf(order) && (
          <>
            <dt>{ordersText.carrier}</dt>
            <dd>
              {order.shipment.carrierLabel}
              {order.shipment.trackingCode && ` · ${ordersText.trackingCode} ${order.shipment.trackingCode}`}
              {order.shipment.trackingUrl && (
                <>
                  {' · '}
                  <a href={order.shipment.trackingUrl} target="_blank" rel="noreferrer">
                    {ordersText.trackParcel}
                  </a>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

function History({ order }: { order: Order }) {
  return (
    <section className={styles.panel} aria-labelledby="order-history-heading">
      <h2 id="order-history-heading">{ordersText.historyHeading}</h2>
      <ol className={styles.history}>
        {order.timeline?.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <strong>{entry.statusLabel}</strong> · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {ordersText.stepBy[entry.actor.kind]}
            {entry.note && <p className={styles.muted}>{entry.note}</p>}
          </li>
        ))}
        {!order.timeline && order.history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <strong>{entry.statusLabel}</strong> · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            {entry.note && <p className={styles.muted}>{entry.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

type CancelState = { kind: 'closed' } | { kind: 'open' } | { kind: 'cancelling' } | { kind: 'failed'; message: string };

/** 'Hủy đơn' while the order can still be cancelled: asks to confirm (with an optional reason) first. */
function CancelOrder({ order, onCancelled }: { order: Order; onCancelled: (order: Order) => void }) {
  const [state, setState] = useState<CancelState>({ kind: 'closed' });
  const [reason, setReason] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'cancelling') return;
    setState({ kind: 'cancelling' });
    try {
      onCancelled(await ordersApi.cancel(order.code, reason.trim() || undefined, order.version));
      setState({ kind: 'closed' });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiError && error.message ? error.message : messages.errors.generic });
    }
  };

  if (state.kind === 'closed') {
    return (
      <button type="button" className={styles.danger} onClick={() => setState({ kind: 'open' })}>
        {ordersText.cancel}
      </button>
    );
  }
  return (
    <form className={styles.panel} onSubmit={onSubmit} aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">{ordersText.cancelHeading}</h2>
      <p className={styles.muted}>
        {ordersText.cancelHint}
        {(order.pointsUsed ?? 0) > 0 && ` ${ordersText.cancelHintPoints(order.pointsUsed ?? 0)}`}
      </p>
      <div className={styles.field}>
        <label htmlFor="cancel-reason">
          {ordersText.cancelReason} <span className={styles.muted}>{ordersText.optional}</span>
        </label>
        <textarea id="cancel-reason" rows={2} maxLength={300} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      {state.kind === 'failed' && (
        <p role="alert" className={styles.error}>
          {state.message}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.danger} disabled={state.kind === 'cancelling'}>
          {state.kind === 'cancelling' ? ordersText.cancelling : ordersText.confirmCancel}
        </button>
        <button type="button" className={styles.button} disabled={state.kind === 'cancelling'} onClick={() => setState({ kind: 'closed' })}>
          {ordersText.keep}
        </button>
      </div>
    </form>
  );
}

/** How often the page asks for the order after payOS sent the customer back, and for how long. */
export const PAYOS_POLL_MS = 2_000;
export const PAYOS_POLL_FOR_MS = 5 * 60_000;

const awaitingPayment = (order: Order) => order.paymentStatus === 'UNPAID' && order.status !== 'CANCELLED';

/**
 * Back from payOS (?payos=return): the payment arrives on the live stream (`order-status`, see OrderDetailPage);
 * only while the stream is not open is the order read again every PAYOS_POLL_MS until its webhook has marked it
 * paid, for PAYOS_POLL_FOR_MS at most; the message says where it stands.
 */
function usePayOsConfirmation(code: string, order: Order | null, set: (order: Order) => void, live: boolean): string | null {
  const [searchParams] = useSearchParams();
  const flag = searchParams.get('payos');
  const [gaveUp, setGaveUp] = useState(false);
  const waiting = flag === 'return' && (order === null || awaitingPayment(order));
  const polling = waiting && order !== null && !gaveUp && !live;

  // every PAYOS_POLL_MS, the first one too, until the order is no longer waiting for its payment
  const read = useCallback((signal: AbortSignal) => ordersApi.get(code, signal), [code]);
  useAsync(read, {
    enabled: polling,
    delayMs: PAYOS_POLL_MS,
    poll: { everyMs: PAYOS_POLL_MS, until: (next) => !awaitingPayment(next) },
    onData: (next) => {
      if (!awaitingPayment(next)) set(next);
    },
  });
  // for PAYOS_POLL_FOR_MS at most
  useEffect(() => {
    if (!polling) return undefined;
    const timer = setTimeout(() => setGaveUp(true), PAYOS_POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [polling]);

  if (flag === 'cancel' && order !== null && awaitingPayment(order)) return ordersText.payOs.cancelled;
  if (flag !== 'return') return null;
  if (waiting) return gaveUp ? ordersText.payOs.stillWaiting : ordersText.payOs.confirming;
  return order?.paymentStatus === 'PAID' ? ordersText.payOs.confirmed : null;
}

/** The order's load as shown: an unknown order (null) is 'notFound'. */
function orderViewOf(loaded: Loaded<Order | null>): Loaded<Order> | { status: 'notFound' } {
  if (loaded.status !== 'ready') return loaded;
  return loaded.data === null ? { status: 'notFound' } : { status: 'ready', data: loaded.data };
}

/**
 * /orders/:code: status and its history, lines, totals, fulfilment, the VietQR (and payOS) while unpaid, the receipt,
 * the e-invoices once paid or handed over, 'Hủy đơn', 'Nhắn trung tâm'.
 */
export function OrderDetailPage() {
  const { code = '' } = useParams();
  // an unknown order (404) reads as null
  const read = useCallback(
    (signal: AbortSignal) =>
      ordersApi.get(code, signal).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    [code],
  );
  const { state: loaded, reload: reloadAs, setData } = useAsync(read, { failedText: messages.errors.generic });
  const state = orderViewOf(loadedOf(loaded));
  const set = useCallback((order: Order) => setData(() => order), [setData]);
  const [notice, setNotice] = useState<string | null>(null);
  const session = useSession();
  // The order moves (paid by its transfer, confirmed, shipped) live: its event or a reconnection reads it again, the
  // order on screen until the answer (and kept if that read fails).
  const reload = () => reloadAs('keep');
  const live = useAppointmentEvents({
      onOrderStatus: (event) => {
        if (event.code === code) reload();
      },
      onReconnected: reload,
    }, session?.user.id ?? null);
  // once delivered or completed: each product line's review
  const reviews = useOrderReviews(state.status === 'ready' ? state.data : null);
  const parcel = state.status === 'ready' ? parcelOf(state.data) : null;
  const payOsNotice = usePayOsConfirmation(code, state.status === 'ready' ? state.data : null, set, live);

  const onCancelled = (order: Order) => {
    set(order);
    setNotice(ordersText.cancelled);
  };

  return (
    <div className={styles.page}>
      <PageIntro title={vi.orderDetail.title} description={vi.orderDetail.description}>
        <p>
          <Link to="/orders">← {ordersText.backToList}</Link>
        </p>
      </PageIntro>
      <div role="status" aria-live="polite">
        {notice && <p className={styles.success}>{notice}</p>}
        {!notice && payOsNotice && (
          <p className={styles.success} data-testid="payos-notice">
            {payOsNotice}
          </p>
        )}
      </div>
      {state.status === 'loading' && <OrderLoading />}
      {state.status === 'notFound' && (
        <p role="alert" className={styles.error}>
          {ordersText.notFound}
        </p>
      )}
      {state.status === 'failed' && <OrderLoadFailure message={state.message} onRetry={() => reloadAs('fresh')} />}
      {state.status === 'ready' && (
        <>
          <div className={styles.card}>
            <div>
              <h2>
                {ordersText.orderCode} <span data-testid="order-code">{state.data.code}</span>
              </h2>
              <p className={styles.meta}>{ordersText.placedAt(formatDateTime(state.data.createdAt))}</p>
            </div>
            <p className={styles.amount}>{formatVnd(state.data.total)}</p>
            <p className={styles.meta}>
              <span className={styles.badge} data-status={state.data.status} data-testid="order-status">
                {state.data.statusLabel}
              </span>
              <span>{state.data.paymentStatusLabel}</span>
            </p>
          </div>
          {state.data.vietQr && <VietQrPayment vietQr={state.data.vietQr} orderCode={state.data.code} />}
          <div className={styles.grid}>
            <div className={styles.column}>
              <Lines order={state.data} reviews={reviews} />
              <History order={state.data} />
            </div>
            <div className={styles.column}>
              {parcel && <ParcelJourney parcel={parcel} />}
              <Fulfilment order={state.data} />
              {state.data.id !== undefined && <ContactCentreButton subject={{ kind: 'order', id: state.data.id }} />}
              <OrderInvoice order={state.data} />
              {orderShowsEInvoices(state.data) && (
                <EInvoiceSection
                  sale={{ kind: 'order', code: state.data.code, handedOver: orderHandedOver(state.data) }}
                  reloadKey={`${state.data.status}|${state.data.paymentStatus}|${state.data.version ?? ''}`}
                />
              )}
              {state.data.canCancel && <CancelOrder order={state.data} onCancelled={onCancelled} />}
            </div>
          </div>
        </>
      )}
    </div>
  );
}

export default OrderDetailPage;
