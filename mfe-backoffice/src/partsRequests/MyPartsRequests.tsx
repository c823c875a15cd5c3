import { formatDateTime, formatVnd } from 'shared-contracts';
import type { PartsRequest } from 'shared-contracts/schemas';
import { partsRequestsText } from './partsRequestsText';
import styles from './PartsRequests.module.css';
import common from '../components/TechnicianArea.module.css';

const t = partsRequestsText.mine;

/** Newest first. */
const newestFirst = (a: PartsRequest, b: PartsRequest) => b.requestedAt.localeCompare(a.requestedAt) || b.id - a.id;

/** T4: my requests with their status and the centre's availability (the page keeps them live). */
export function MyPartsRequests({ requests }: { requests: PartsRequest[] }) {
  if (requests.length === 0) return <p className={common.muted}>{t.empty}</p>;
  return (
    <ul className={styles.requests}>
      {[...requests].sort(newestFirst).map((request) => {
        const headingId = `my-parts-request-${request.id}`;
        return (
          <li key={request.id}>
            <article className={styles.request} aria-labelledby={headingId}>
              <div className={styles.requestHead}>
                <h3 id={headingId}>{request.product.name}</h3>
                <span className={common.badge}>{request.statusLabel}</span>
              </div>
              <p className={common.muted}>{t.order(request.serviceOrder.code, request.serviceOrder.licensePlate)}</p>
              <dl className={common.facts}>
                <dt>{t.quantity}</dt>
                <dd>{request.quantity}</dd>
                <dt>{t.price}</dt>
                <dd>{formatVnd(request.lineTotal)}</dd>
                <dt>{t.availability}</dt>
                <dd>{request.availability.available}</dd>
                <dt>{t.reason}</dt>
                <dd>{request.reason}</dd>
                {request.finding && (
                  <>
                    <dt>{t.finding}</dt>
                    <dd>{request.finding.label}</dd>
                  </>
                )}
                {request.declineReason && (
                  <>
                    <dt>{t.declineReason}</dt>
                    <dd>{request.declineReason}</dd>
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
                {request.issuedQty > 0 && (
                  <>
                    <dt>{t.issued}</dt>
                    <dd>
                      {request.issuedQty} / {request.returnedQty}
                    </dd>
                  </>
                )}
                <dt>{t.requestedAt}</dt>
                <dd>
                  <time dateTime={request.requestedAt}>{formatDateTime(request.requestedAt)}</time>
                </dd>
              </dl>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
