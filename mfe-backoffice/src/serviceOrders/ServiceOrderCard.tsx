import type { ServiceOrderCard as Card } from 'shared-contracts/schemas';
import { minutesSince } from './elapsed';
import { serviceOrdersText } from './serviceOrdersText';
import styles from './ServiceOrders.module.css';

const t = serviceOrdersText.card;

interface Props {
  card: Card;
  now: number;
  /** Show the status label (the 'Chờ thanh toán' column holds two statuses). */
  showStatus: boolean;
  onOpen: (id: number) => void;
}

/**
 * A service order on the board: plate, model, technician, bay, elapsed time, labels, checklist progress, and the
 * same vehicle's other entries today (the board shows a vehicle once).
 */
export function ServiceOrderCard({ card, now, showStatus, onOpen }: Props) {
  const labels = [
    card.waitingApproval && { text: t.waitingApproval, className: styles.labelApproval },
    card.waitingParts && { text: t.waitingParts, className: styles.labelParts },
    card.clockRunning && { text: t.clockRunning, className: styles.labelClock },
  ].filter((label): label is { text: string; className: string } => Boolean(label));

  return (
    <article className={styles.card} data-order-id={card.id}>
      <h4 className={styles.cardTitle}>
        <button type="button" className={styles.cardButton} aria-label={t.open(card.code, card.licensePlate)} onClick={() => onOpen(card.id)}>
          {card.licensePlate}
        </button>
      </h4>
      <p className={styles.meta}>
        {card.vehicleModel} · {card.customerName}
      </p>
      <p className={styles.meta}>
        {card.code}
        {showStatus && (
          <>
            {' '}
            <span className={`${styles.label} ${styles.labelStatus}`}>{card.statusLabel}</span>
          </>
        )}
      </p>
      <p className={styles.meta}>
        {card.technician ? `${t.technician}: ${card.technician.fullName}` : t.noTechnician} · {card.bayNo !== null ? t.bay(card.bayNo) : t.noBay}
      </p>
      <p className={styles.meta}>
        {t.since(serviceOrdersText.minutes(minutesSince(card.openedAt, now)))}
        {card.workedMinutes > 0 && ` · ${t.worked(serviceOrdersText.minutes(card.workedMinutes))}`}
      </p>
      {card.checklist.total > 0 && <p className={styles.meta}>{t.checklist(card.checklist.answered, card.checklist.total)}</p>}
      {card.sameVehicle && card.sameVehicle.length > 0 && (
        <div className={styles.meta}>
          <span id={`same-vehicle-${card.id}`}>{t.sameVehicle}:</span>
          <ul className={styles.labels} aria-labelledby={`same-vehicle-${card.id}`}>
            {card.sameVehicle.map((entry) => (
              <li key={`${entry.kind}-${entry.id}`}>
                {entry.kind === 'order' ? (
                  <button type="button" className={styles.cardButton} aria-label={t.openSameVehicle(entry.code, entry.label)} onClick={() => onOpen(entry.id)}>
                    {entry.code} · {entry.label}
                  </button>
                ) : (
                  <>
                    {entry.code} · {entry.label}
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {labels.length > 0 && (
        <ul className={styles.labels}>
          {labels.map((label) => (
            <li key={label.text} className={`${styles.label} ${label.className}`}>
              {label.text}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
