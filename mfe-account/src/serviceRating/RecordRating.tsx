import { useState } from 'react';
import { formatDate } from 'shared-contracts';
import type { PendingServiceRating, ServiceRating } from 'shared-contracts/schemas';
import { Stars } from '../ratingStars';
import { isRatingEditable, serviceRatingApi } from './serviceRatingApi';
import { ratedMessage, serviceRatingText as t } from './serviceRatingText';
import { ServiceRatingForm } from './ServiceRatingForm';
import formStyles from '../forms/Form.module.css';
import styles from './ServiceRating.module.css';

/** The customer's visits waiting for a rating and the ratings given, as the maintenance history marks its records. */
export interface VisitRatings {
  pending: PendingServiceRating[];
  mine: ServiceRating[];
}

/** Both lists; a list that cannot be read is empty (its marks are left out). */
export async function loadVisitRatings(signal: AbortSignal): Promise<VisitRatings> {
  const [pending, mine] = await Promise.all([serviceRatingApi.pending(signal).catch(() => []), serviceRatingApi.mine(signal).catch(() => [])]);
  return { pending, mine };
}

/** The lists once `rating` is saved for its record: the visit leaves the pending ones, the rating replaces its earlier one. */
export function withRating(ratings: VisitRatings, rating: ServiceRating, recordId: number): VisitRatings {
  const saved = { ...rating, maintenanceRecordId: rating.maintenanceRecordId ?? recordId };
  return {
    pending: ratings.pending.filter((visit) => visit.serviceOrderId !== rating.serviceOrderId),
    mine: [saved, ...ratings.mine.filter((given) => given.serviceOrderId !== rating.serviceOrderId)],
  };
}

interface RecordRatingProps {
  recordId: number;
  /** dd/MM/yyyy of the record */
  date: string;
  centreName: string;
  technicianName: string | null;
  ratings: VisitRatings;
  onRated: (rating: ServiceRating) => void;
}

/**
 * On a maintenance record: "Đánh giá" while its visit waits for a rating, else the stars given with "Sửa" while the
 * rating can still be changed. A record matched by neither list (no rating asked for it) shows nothing.
 */
export function RecordRating({ recordId, date, centreName, technicianName, ratings, onRated }: RecordRatingProps) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const given = ratings.mine.find((rating) => rating.maintenanceRecordId === recordId) ?? null;
  const pending = given ? undefined : ratings.pending.find((visit) => visit.maintenanceRecordId === recordId);
  if (!given && !pending) return null;

  const openForm = () => {
    setMessage(null);
    setOpen(true);
  };

  const visit = {
    serviceOrderId: given?.serviceOrderId ?? pending!.serviceOrderId,
    centreName,
    date,
    technicianName: given ? (given.technician?.fullName ?? null) : (pending!.technicianName ?? technicianName),
  };
  return (
    <div className={styles.recordRating} data-testid="record-rating">
      {open ? (
        <ServiceRatingForm
          visit={visit}
          initial={given}
          onCancel={() => setOpen(false)}
          onSaved={(saved) => {
            setOpen(false);
            setMessage(ratedMessage(saved.stars));
            onRated(saved);
          }}
        />
      ) : given ? (
        <div className={styles.recordLine}>
          <span className={styles.recordLabel}>{t.yours}</span>
          <Stars value={given.stars} />
          {isRatingEditable(given) && (
            <>
              <button type="button" className={formStyles.secondary} onClick={openForm}>
                {t.edit}
              </button>
              <span className={styles.muted}>{t.editableUntil(formatDate(given.editableUntil))}</span>
            </>
          )}
        </div>
      ) : (
        <div className={styles.recordLine}>
          <span className={styles.muted}>{t.notRated}</span>
          <button type="button" className={formStyles.primary} onClick={openForm}>
            {t.rate}
          </button>
        </div>
      )}
      <p role="status" className={styles.thanks}>
        {message}
      </p>
    </div>
  );
}
