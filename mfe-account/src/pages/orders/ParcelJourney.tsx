import { formatDate, formatDateTime } from 'shared-contracts';
import type { Order, ShipmentEvent, ShipmentView } from 'shared-contracts/schemas';
import { ordersText } from './ordersText';
import styles from './OrdersPage.module.css';

/** The order's parcel with the carrier (absent from answers before issue 65: read as none). */
export function parcelOf(order: Order): ShipmentView | null {
  return (order as Order & { parcel?: ShipmentView | null }).parcel ?? null;
}

/** dd/MM/yyyy HH:mm in Asia/Ho_Chi_Minh. */
function stamp(iso: string): string {
  const [time, date] = formatDateTime(iso).split(' ');
  return `${date} ${time}`;
}

/** The carrier's 'YYYY-MM-DD' (a local date already) as dd/MM/yyyy. */
function localDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : formatDate(value);
}

/** Each event with its words: a failed delivery is numbered ("Giao không thành công lần 2"), oldest first. */
function describedEvents(events: ShipmentEvent[]): { event: ShipmentEvent; label: string }[] {
  let failures = 0;
  return events.map((event) => {
    if (event.status !== 'DELIVERY_FAILED') return { event, label: event.statusLabel };
    failures += 1;
    return { event, label: ordersText.parcel.failedAttempt(failures) };
  });
}

/**
 * "Hành trình đơn hàng": the carrier, its tracking code and page, where the parcel is now, when it is expected and
 * each step the carrier reported, newest first (a failed delivery with its number and the carrier's reason).
 */
export function ParcelJourney({ parcel }: { parcel: ShipmentView }) {
  const t = ordersText.parcel;
  const steps = describedEvents(parcel.events).reverse();
  const failures = describedEvents(parcel.events).filter((entry) => entry.event.status === 'DELIVERY_FAILED');
  return (
    <section className={styles.panel} aria-labelledby="parcel-heading">
      <h2 id="parcel-heading">{t.heading}</h2>
      <dl className={styles.details}>
        <dt>{t.carrier}</dt>
        <dd>
          {parcel.carrierLabel} · {parcel.serviceLabel}
        </dd>
        <dt>{t.trackingCode}</dt>
        <dd>
          <strong>{parcel.trackingCode}</strong>
          {parcel.trackingUrl && (
            <>
              {' · '}
              <a href={parcel.trackingUrl} target="_blank" rel="noreferrer">
                {t.trackOn(parcel.carrier)}
              </a>
            </>
          )}
        </dd>
        <dt>{t.status}</dt>
        <dd data-testid="parcel-status">
          <strong>{parcel.statusLabel}</strong> · <time dateTime={parcel.statusAt}>{stamp(parcel.statusAt)}</time>
        </dd>
        {parcel.expectedDelivery && parcel.status !== 'DELIVERED' && parcel.status !== 'CANCELLED' && (
          <>
            <dt>{t.expected}</dt>
            <dd>{localDate(parcel.expectedDelivery)}</dd>
          </>
        )}
      </dl>
      {failures.length > 0 && (
        <ul className={styles.muted} aria-label={t.failures}>
          {failures.map(({ event, label }) => (
            <li key={event.at}>
              {label}
              {event.note ? `: ${event.note}` : ''} ({stamp(event.at)})
            </li>
          ))}
        </ul>
      )}
      <ol className={styles.history} aria-label={t.steps}>
        {steps.map(({ event, label }, index) => (
          <li key={`${event.at}-${index}`}>
            <strong>{label}</strong> · <time dateTime={event.at}>{stamp(event.at)}</time>
            {event.note && <p className={styles.muted}>{event.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
