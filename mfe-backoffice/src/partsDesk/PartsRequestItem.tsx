import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { OPEN_PARTS_REQUEST_STATUSES } from 'shared-contracts/backoffice';
import type { PartsRequest } from 'shared-contracts/schemas';
import { serviceOrderLink } from '../layout/links';
import { partsDeskText } from './partsDeskText';
import styles from './PartsDesk.module.css';

const t = partsDeskText.request;

/** Still waiting for the part (decision, customer, stock): its availability matters. */
export const isWaitingForPart = (request: Pick<PartsRequest, 'status'>) => request.status !== 'RESERVED' && OPEN_PARTS_REQUEST_STATUSES.includes(request.status);

interface Props {
  request: PartsRequest;
  /** Show the order (code, plate, technician) and a link to its drawer: the centre-wide list. */
  showOrder?: boolean;
  /** The request's buttons. */
  children?: ReactNode;
}

/**
 * One parts request as the desk sees it: part, status, quantity × price, the centre's availability
 * (on hand − reserved) next to it, the technician's reason and finding, decisions, deadline and history.
 */
export function PartsRequestItem({ request, showOrder = false, children }: Props) {
  const headingId = `parts-request-${request.id}`;
  const { availability } = request;
  const short = isWaitingForPart(request) && availability.available < request.quantity;
  const tone = OPEN_PARTS_REQUEST_STATUSES.includes(request.status) ? styles.open : request.status === 'ISSUED' ? styles.ready : '';

  return (
    <article className={`${styles.request} ${tone}`} aria-labelledby={headingId} data-request-id={request.id}>
      <div className={styles.requestHead}>
        <h4 id={headingId} className={styles.requestTitle}>
          {request.product.name} <span className={styles.muted}>({request.product.sku})</span>
        </h4>
        <span className={styles.status}>{request.statusLabel}</span>
      </div>
      {showOrder && (
        <p className={styles.muted}>
          <Link className={styles.link} to={serviceOrderLink(request.serviceOrder.id)} aria-label={t.openOrder(request.serviceOrder.code, request.serviceOrder.licensePlate)}>
            {t.openOrder(request.serviceOrder.code, request.serviceOrder.licensePlate)}
          </Link>{' '}
          · {request.serviceOrder.vehicleModel}
          {request.serviceOrder.technicianName && ` · ${t.technician}: ${request.serviceOrder.technicianName}`}
        </p>
      )}
      <dl className={styles.facts}>
        <dt>{t.quantity}</dt>
        <dd>{request.quantity}</dd>
        <dt>{t.unitPrice}</dt>
        <dd>{formatVnd(request.unitPrice)}</dd>
        <dt>{t.lineTotal}</dt>
        <dd>{formatVnd(request.lineTotal)}</dd>
        <dt>{t.availability}</dt>
        <dd>{t.availabilityValue(availability.available, availability.onHand, availability.reserved)}</dd>
        <dt>{t.reason}</dt>
        <dd>{request.reason}</dd>
        {request.finding && (
          <>
            <dt>{t.finding}</dt>
            <dd>
              {request.finding.label}
              {request.finding.note && ` – ${request.finding.note}`}
            </dd>
          </>
        )}
        <dt>{t.requestedBy}</dt>
        <dd>
          {t.requestedAt(request.requestedBy, formatDateTime(request.requestedAt))}
        </dd>
        {request.inScope !== null && (
          <>
            <dt>{t.scope}</dt>
            <dd>{request.inScope ? t.inScope : t.extra}</dd>
          </>
        )}
        {request.expiresAt && request.status === 'AWAITING_CUSTOMER' && (
          <>
            <dt>{t.expiresAt}</dt>
            <dd>
              <time dateTime={request.expiresAt}>{formatDateTime(request.expiresAt)}</time>
            </dd>
          </>
        )}
        {request.customerDecision && (
          <>
            <dt>{t.customerDecision}</dt>
            <dd>
              {t.decisionText(request.customerDecision.decision === 'approve', request.customerDecision.via, formatDateTime(request.customerDecision.at))}
              {request.customerDecision.note && ` – ${request.customerDecision.note}`}
            </dd>
          </>
        )}
        {request.declineReason && (
          <>
            <dt>{t.declineReason}</dt>
            <dd>{request.declineReason}</dd>
          </>
        )}
        {request.issuedQty > 0 && (
          <>
            <dt>{t.issued}</dt>
            <dd>{t.issuedValue(request.issuedQty, request.returnedQty)}</dd>
          </>
        )}
      </dl>
      {short && <p className={styles.short}>{t.short(availability.available, request.quantity)}</p>}
      {children}
      {request.history.length > 0 && (
        <details className={styles.history}>
          <summary>
            {t.history} ({request.history.length})
          </summary>
          <ol>
            {request.history.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · <strong>{entry.label}</strong>
                {entry.quantity !== null && ` (${entry.quantity})`}
                {entry.by && ` · ${t.by(entry.by)}`}
                {entry.note && ` – ${entry.note}`}
              </li>
            ))}
          </ol>
        </details>
      )}
    </article>
  );
}
