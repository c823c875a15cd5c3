import { fitBadgeText, type FitStatus } from 'shared-contracts/pricing';
import { useChosenVehicle } from './chosenVehicle';
import styles from './VehicleFit.module.css';

const TONES: Record<FitStatus, string> = { FITS: 'fits', DOES_NOT_FIT: 'doesNotFit', UNKNOWN: 'unknown' };
const MARKS: Record<FitStatus, string> = { FITS: '✓', DOES_NOT_FIT: '✕', UNKNOWN: '?' };

/**
 * Whether the product fits the chosen vehicle, as the API answered for it: "Vừa xe của bạn: VinFast Feliz S 2023",
 * "Không vừa xe của bạn", "Chưa có thông tin". Nothing without a chosen vehicle or an answer.
 */
export function FitBadge({ fit }: { fit: FitStatus | undefined }) {
  const vehicle = useChosenVehicle();
  if (!fit || !vehicle) return null;
  return (
    <p className={`${styles.badge} ${styles[TONES[fit]]}`} data-testid="fit-badge" data-fit={fit}>
      <span aria-hidden="true" className={styles.mark}>
        {MARKS[fit]}
      </span>
      {fitBadgeText(fit, vehicle.label, vehicle.year)}
    </p>
  );
}
