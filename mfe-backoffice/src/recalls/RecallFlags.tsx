import { useCallback, useState } from 'react';
import type { VehicleRecall } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { useAsync } from '../hooks/useAsync';
import { useSessionRole } from '../hooks/useSessionRole';
import { recallsApi } from './recallsApi';
import { recallsText } from './recallsText';
import styles from './Recalls.module.css';

const t = recallsText.flag;

/**
 * The vehicle's (or the work order's vehicle's) open recalls, as a flag the counter (check-in) and the technician (work order) cannot miss:
 * "Xe thuộc diện triệu hồi: <code> – <title>", the defect and the free remedy. Nothing for a guest's vehicle (no id),
 * none open, or when the read fails (the flag is advice; the check-in goes on). At the counter (a vehicle named), staff
 * and managers may mark a recall as not applying to the vehicle (the remedy done elsewhere, the part not fitted).
 */
export function RecallFlags({ vehicleId = null, serviceOrderId = null }: { vehicleId?: number | null; serviceOrderId?: number | null }) {
  const role = useSessionRole();
  const read = useCallback(
    (signal: AbortSignal) =>
      serviceOrderId !== null ? recallsApi.ofOrder(serviceOrderId, signal) : vehicleId !== null ? recallsApi.ofVehicle(vehicleId, signal) : Promise.resolve([]),
    [vehicleId, serviceOrderId],
  );
  const { state, setData } = useAsync(read, {});
  const recalls = state.data ?? [];
  if (recalls.length === 0) return null;
  const canMark = vehicleId !== null && serviceOrderId === null && (role === 'staff' || role === 'manager');
  return (
    <div role="alert" aria-label={t.label}>
      {recalls.map((recall) => (
        <div key={recall.campaignId} className={styles.flag}>
          <p className={styles.flagTitle}>{recall.flag}</p>
          <p>{t.defect(recall.defect)}</p>
          <p>{t.remedy(recall.remedy, recall.labourMinutes)}</p>
          <p>{t.state(recall.stateLabel)}</p>
          {canMark ? <NotApplicableAction recall={recall} vehicleId={vehicleId} onDone={(left) => setData(() => left)} /> : null}
        </div>
      ))}
    </div>
  );
}

/** "Không áp dụng cho xe này", confirmed once; the API's answer (the recalls left open) replaces the flags. */
function NotApplicableAction({ recall, vehicleId, onDone }: { recall: VehicleRecall; vehicleId: number; onDone: (left: VehicleRecall[]) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await recallsApi.markNotApplicable(recall.campaignId, vehicleId);
      onDone(outcome.data?.items ?? []);
    } catch (failure) {
      setError(messageOf(failure, t.notApplicableFailed));
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        {t.notApplicable}
      </button>
    );
  }
  return (
    // Not a <form>: the flag sits inside the check-in's form.
    <div role="group" aria-label={t.notApplicable}>
      <p>{t.notApplicableQuestion(recall.code)}</p>
      {error ? <p role="status">{error}</p> : null}
      <button type="button" onClick={() => void confirm()} disabled={busy}>
        {t.confirmNotApplicable}
      </button>
      <button type="button" onClick={() => setOpen(false)} disabled={busy}>
        {t.cancel}
      </button>
    </div>
  );
}
