import { Link } from 'react-router-dom';
import { formatDateTime } from 'shared-contracts';
import type { ServiceOrderCard } from 'shared-contracts/schemas';
import { checklistHref, OrderActions } from './OrderActions';
import { formatMinutes, technicianText } from './technicianText';
import styles from '../components/TechnicianArea.module.css';

const t = technicianText.order;

interface Props {
  card: ServiceOrderCard;
  /** assigned to me: my buttons; otherwise (my centre's unassigned order) only 'Bắt đầu', which takes it */
  mine: boolean;
  clockOnThis: boolean;
  onChanged: () => void;
  announce: (text: string) => void;
}

/** One service order of the queue: vehicle, customer, bay, time worked, checklist progress, labels, my actions. */
export function OrderCard({ card, mine, clockOnThis, onChanged, announce }: Props) {
  const headingId = `order-${card.id}`;
  const flags = ([
    card.clockRunning ? t.flags.clockRunning : null,
    card.waitingApproval ? t.flags.waitingApproval : null,
    card.waitingParts ? t.flags.waitingParts : null,
  ] as (string | null)[]).filter((flag): flag is string => flag !== null);

  return (
    <article className={`${styles.card} ${mine ? styles.cardMine : ''}`} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h3 id={headingId} className={styles.cardTitle}>
          {t.heading(card.code, card.licensePlate)}
        </h3>
        <span className={styles.badge} data-testid="order-status">
          <span className={styles.visuallyHidden}>{t.status}: </span>
          {card.statusLabel}
        </span>
      </div>
      <dl className={styles.facts}>
        <dt>{t.vehicle}</dt>
        <dd>{card.vehicleModel}</dd>
        <dt>{t.customer}</dt>
        <dd>{card.customerName}</dd>
        <dt>{t.bay}</dt>
        <dd>{card.bayNo ?? t.noBay}</dd>
        <dt>{t.openedAt}</dt>
        <dd>
          <time dateTime={card.openedAt}>{formatDateTime(card.openedAt)}</time>
        </dd>
        <dt>{t.worked}</dt>
        <dd>{formatMinutes(card.workedMinutes)}</dd>
        <dt>{t.checklist}</dt>
        <dd>{t.checklistCount(card.checklist.answered, card.checklist.total)}</dd>
      </dl>
      {flags.length > 0 && (
        <ul className={styles.flags}>
          {flags.map((flag) => (
            <li key={flag} className={styles.flag}>
              {flag}
            </li>
          ))}
        </ul>
      )}
      {mine ? (
        <>
          <OrderActions order={card} clockOnThis={clockOnThis} onChanged={onChanged} announce={announce} />
          {card.status === 'IN_PROGRESS' && (
            <Link to={checklistHref(card.id)} className={styles.linkButton} aria-label={t.openChecklistLabel(card.code)}>
              {t.openChecklist}
            </Link>
          )}
        </>
      ) : (
        <>
          <p className={styles.muted}>{t.unassignedNote}</p>
          {/* the API gives an unassigned order to the technician who starts it (in the same statement) */}
          {card.status === 'OPEN' && <OrderActions order={card} clockOnThis={false} onChanged={onChanged} announce={announce} />}
        </>
      )}
    </article>
  );
}
