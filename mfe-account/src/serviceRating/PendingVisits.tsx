import { useState } from 'react';
import { formatDate } from 'shared-contracts';
import type { PendingServiceRating } from 'shared-contracts/schemas';
import { serviceRatingApi } from './serviceRatingApi';
import { ratedMessage, serviceRatingText as t } from './serviceRatingText';
import { ServiceRatingForm } from './ServiceRatingForm';
import formStyles from '../forms/Form.module.css';
import styles from './ServiceRating.module.css';

/** The dashboard's visits waiting for a rating; null (the block left out) when they cannot be read. */
export function loadPendingVisits(signal: AbortSignal): Promise<PendingServiceRating[] | null> {
  return serviceRatingApi.pending(signal).catch(() => null);
}

function vehicleOf(visit: PendingServiceRating): string {
  return [visit.vehicleLabel, visit.licensePlate].filter((part) => part && part.trim() !== '').join(' · ');
}

/**
 * The dashboard's "Đánh giá lần bảo dưỡng": a card per closed visit not rated yet (centre, vehicle and plate, date,
 * technician) with "Đánh giá" opening the rating form in place; a rated visit leaves the list. Left out when there
 * is none (and no thanks to show).
 */
export function PendingVisitsCard({ visits }: { visits: PendingServiceRating[] | null }) {
  const [rated, setRated] = useState<ReadonlySet<number>>(new Set());
  const [openId, setOpenId] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const waiting = (visits ?? []).filter((visit) => !rated.has(visit.serviceOrderId));
  if (waiting.length === 0 && message === null) return null;
  return (
    <section className={styles.card} aria-labelledby="dashboard-visit-ratings">
      <h2 id="dashboard-visit-ratings" className={styles.cardTitle}>
        {t.heading}
      </h2>
      <p role="status" className={styles.thanks}>
        {message}
      </p>
      {waiting.length > 0 && <p className={styles.muted}>{t.lead}</p>}
      <ul className={styles.visits}>
        {waiting.map((visit) => {
          const date = formatDate(visit.closedAt);
          const titleId = `visit-rating-${visit.serviceOrderId}`;
          const vehicle = vehicleOf(visit);
          return (
            <li key={visit.serviceOrderId}>
              <article className={styles.visit} aria-labelledby={titleId}>
                <h3 id={titleId} className={styles.visitTitle}>
                  {t.visitTitle(visit.centreName, date)}
                </h3>
                <dl className={styles.details}>
                  {vehicle && (
                    <>
                      <dt>{t.vehicle}</dt>
                      <dd>{vehicle}</dd>
                    </>
                  )}
                  <dt>{t.date}</dt>
                  <dd>{date}</dd>
                  {visit.technicianName && (
                    <>
                      <dt>{t.technician}</dt>
                      <dd>{visit.technicianName}</dd>
                    </>
                  )}
                </dl>
                {openId === visit.serviceOrderId ? (
                  <ServiceRatingForm
                    visit={{ serviceOrderId: visit.serviceOrderId, centreName: visit.centreName, date, technicianName: visit.technicianName }}
                    initial={null}
                    onCancel={() => setOpenId(null)}
                    onSaved={(saved) => {
                      setRated((current) => new Set([...current, visit.serviceOrderId]));
                      setOpenId(null);
                      setMessage(ratedMessage(saved.stars));
                    }}
                  />
                ) : (
                  <button
                    type="button"
                    className={`${formStyles.primary} ${styles.rate}`}
                    onClick={() => {
                      setMessage(null);
                      setOpenId(visit.serviceOrderId);
                    }}
                  >
                    {t.rate}
                  </button>
                )}
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
