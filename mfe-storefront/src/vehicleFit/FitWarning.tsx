import { fitWarningText, type FitStatus } from 'shared-contracts/pricing';
import { useChosenVehicle } from './chosenVehicle';
import styles from './VehicleFit.module.css';

/**
 * The note by a cart or checkout line that does not fit the chosen vehicle: "Phụ tùng này không vừa xe VinFast
 * Feliz S 2023 của bạn." It only informs: the order can still be placed.
 */
export function FitWarning({ fit }: { fit: FitStatus | undefined }) {
  const vehicle = useChosenVehicle();
  if (fit !== 'DOES_NOT_FIT' || !vehicle) return null;
  return (
    <span className={styles.warning} data-testid="fit-warning">
      ⚠ {fitWarningText(vehicle.label, vehicle.year)}
    </span>
  );
}
