import { useEffect, useRef, useState } from 'react';
import type { Vehicle } from 'shared-contracts/schemas';
import { failureMessage } from '../../api/apiErrors';
import { FormNotice } from '../../forms/Fields';
import { BatteryHealthPanel } from '../../batteryHealth';
import { RecallNotice } from '../../recalls';
import { MaintenanceForecast } from '../../maintenanceForecast/MaintenanceForecast';
import { serviceApi } from '../../service/serviceApi';
import { NextMaintenance } from './NextMaintenance';
import { vehiclesText as t } from './vehiclesText';
import formStyles from '../../forms/Form.module.css';
import styles from './MyVehiclesPage.module.css';
import confirmStyles from '../../components/ConfirmDanger.module.css';

interface Props {
  vehicle: Vehicle;
  onEdit: () => void;
  /** "Chọn dòng xe": the form opened on its model picker (a vehicle not linked to a reference model yet) */
  onChooseModel: () => void;
  onRemoved: () => void;
}

/**
 * One vehicle: what it is ("Chọn dòng xe" while it names no reference model), its next maintenance, edit and
 * remove (after a confirmation), then its "Dự đoán bảo dưỡng" and, once measured, its "Sức khỏe pin".
 */
export function VehicleCard({ vehicle, onEdit, onChooseModel, onRemoved }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const headingId = `vehicle-${vehicle.id}`;

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const remove = async () => {
    if (removing) return;
    setRemoving(true);
    setFailure(null);
    try {
      await serviceApi.deleteVehicle(vehicle.id);
      onRemoved();
    } catch (error) {
      setFailure(failureMessage(error, t.removeFailed));
      setRemoving(false);
    }
  };

  const cancel = () => {
    setConfirming(false);
    // back where the customer was
    requestAnimationFrame(() => removeButton.current?.focus());
  };

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId} className={styles.plate}>
          {vehicle.licensePlate}
        </h2>
        <p className={styles.muted}>
          {vehicle.nickname ? `${vehicle.nickname} · ` : ''}
          {vehicle.brand} {vehicle.model} · {t.typeLabels[vehicle.type]}
        </p>
      </div>
      <dl className={styles.details}>
        <dt>{t.details.year}</dt>
        <dd>{vehicle.year}</dd>
        <dt>{t.details.odometer}</dt>
        <dd>{t.km(vehicle.odometerKm)}</dd>
        {vehicle.batteryCapacityKwh !== null && (
          <>
            <dt>{t.details.battery}</dt>
            <dd>{t.kwh(vehicle.batteryCapacityKwh)}</dd>
          </>
        )}
        {vehicle.color && (
          <>
            <dt>{t.details.color}</dt>
            <dd>{vehicle.color}</dd>
          </>
        )}
        {vehicle.vin && (
          <>
            <dt>{t.details.vin}</dt>
            <dd>{vehicle.vin}</dd>
          </>
        )}
      </dl>
      {vehicle.modelId === null && (
        <div className={styles.modelPrompt}>
          <p className={styles.muted}>{t.noModel}</p>
          <button type="button" className={formStyles.secondary} onClick={onChooseModel} aria-label={t.chooseModelLabel(vehicle.licensePlate)}>
            {t.chooseModel}
          </button>
        </div>
      )}
      <NextMaintenance reminder={vehicle.nextMaintenance} plate={vehicle.licensePlate} />
      {failure && <FormNotice tone="error">{failure}</FormNotice>}
      {confirming ? (
        <div className={confirmStyles.confirm} role="group" aria-label={t.removeLabel(vehicle.licensePlate)}>
          <p>{t.confirmRemove(vehicle.licensePlate)}</p>
          <div className={styles.actions}>
            <button ref={confirmButton} type="button" className={confirmStyles.danger} onClick={() => void remove()} disabled={removing}>
              {removing ? t.removing : t.confirmRemoveButton}
            </button>
            <button type="button" className={formStyles.secondary} onClick={cancel} disabled={removing}>
              {t.cancel}
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <button type="button" className={formStyles.secondary} onClick={onEdit} aria-label={t.editLabel(vehicle.licensePlate)}>
            {t.edit}
          </button>
          <button ref={removeButton} type="button" className={formStyles.secondary} onClick={() => setConfirming(true)} aria-label={t.removeLabel(vehicle.licensePlate)}>
            {t.remove}
          </button>
        </div>
      )}
      {/* last on the card: its own answer arrives later and must not move the buttons above it */}
      <MaintenanceForecast vehicle={vehicle} />
      {/* after the forecast: shown only once it has reports, so it moves nothing above it */}
      <BatteryHealthPanel vehicle={vehicle} />
      {/* a recall's notice arrives later too: at the end, as an alert, so it is announced without moving the buttons */}
      <RecallNotice vehicle={vehicle} />
    </article>
  );
}
