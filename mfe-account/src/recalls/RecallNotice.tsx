import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { Vehicle } from 'shared-contracts/schemas';
import formStyles from '../forms/Form.module.css';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { recallsApi } from './recallsApi';
import { recallsText as t } from './recallsText';
import styles from './Recalls.module.css';

/**
 * The vehicle's open recalls on its card ("Xe của tôi"): "Xe thuộc diện triệu hồi: <code> – <title>", the defect,
 * the free remedy, its state, and "Đặt lịch khắc phục" (the booking wizard with the vehicle and the campaign) until
 * it is booked. Nothing when there is none or the read fails (the card's other panels stay).
 */
export function RecallNotice({ vehicle }: { vehicle: Pick<Vehicle, 'id' | 'licensePlate'> }) {
  const read = useCallback((signal: AbortSignal) => recallsApi.ofVehicle(vehicle.id, signal), [vehicle.id]);
  const { state } = useAsync(read, {});
  const loaded = loadedOf(state);
  if (loaded.status !== 'ready' || loaded.data.length === 0) return null;
  return (
    <section role="alert" aria-label={t.label(vehicle.licensePlate)}>
      {loaded.data.map((recall) => (
        <div key={recall.campaignId} className={styles.notice}>
          <h3 className={styles.title}>{recall.flag}</h3>
          <p>{t.defect(recall.defect)}</p>
          <p>{t.remedy(recall.remedy, recall.labourMinutes)}</p>
          <p>{t.state(recall.stateLabel)}</p>
          {recall.state !== 'SCHEDULED' && (
            <Link className={`${formStyles.primary} ${styles.book}`} to={`/booking?vehicleId=${vehicle.id}&recall=${recall.campaignId}`} aria-label={t.bookLabel(recall.code, vehicle.licensePlate)}>
              {t.book}
            </Link>
          )}
        </div>
      ))}
    </section>
  );
}
