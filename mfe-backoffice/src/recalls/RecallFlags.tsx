import { useCallback } from 'react';
import { useAsync } from '../hooks/useAsync';
import { recallsApi } from './recallsApi';
import { recallsText } from './recallsText';
import styles from './Recalls.module.css';

const t = recallsText.flag;

/**
 * The vehicle's (or the work order's vehicle's) open recalls, as a flag the counter (check-in) and the technician (work order) cannot miss:
 * "Xe thuộc diện triệu hồi: <code> – <title>", the defect and the free remedy. Nothing for a guest's vehicle (no id),
 * none open, or when the read fails (the flag is advice; the check-in goes on).
 */
export function RecallFlags({ vehicleId = null, serviceOrderId = null }: { vehicleId?: number | null; serviceOrderId?: number | null }) {
  const read = useCallback(
    (signal: AbortSignal) =>
      serviceOrderId !== null ? recallsApi.ofOrder(serviceOrderId, signal) : vehicleId !== null ? recallsApi.ofVehicle(vehicleId, signal) : Promise.resolve([]),
    [vehicleId, serviceOrderId],
  );
  const { state } = useAsync(read, {});
  const recalls = state.data ?? [];
  if (recalls.length === 0) return null;
  return (
    <div role="alert" aria-label={t.label}>
      {recalls.map((recall) => (
        <div key={recall.campaignId} className={styles.flag}>
          <p className={styles.flagTitle}>{recall.flag}</p>
          <p>{t.defect(recall.defect)}</p>
          <p>{t.remedy(recall.remedy, recall.labourMinutes)}</p>
          <p>{t.state(recall.stateLabel)}</p>
        </div>
      ))}
    </div>
  );
}
