import { fitmentYearsLabel } from 'shared-contracts/pricing';
import type { Fitment } from 'shared-contracts/schemas';
import { fitText as text } from './fitText';
import styles from './VehicleFit.module.css';

/** The product page's "Xe tương thích": each model it fits, with its years, position and quantity per vehicle. */
export function CompatibleVehicles({ fitments, headingClassName }: { fitments: readonly Fitment[]; headingClassName?: string }) {
  return (
    <section aria-labelledby="compatible-vehicles-heading" data-testid="compatible-vehicles">
      <h2 id="compatible-vehicles-heading" className={headingClassName}>
        {text.compatibleHeading}
      </h2>
      {fitments.length === 0 ? (
        <p className={styles.muted}>{text.compatibleNone}</p>
      ) : (
        <ul className={styles.fitments}>
          {fitments.map((fitment) => (
            <li key={`${fitment.modelId}-${fitment.position ?? ''}`} className={styles.fitment}>
              <span className={styles.fitmentModel}>{fitment.modelLabel}</span>
              <span>{fitmentYearsLabel(fitment.yearFrom, fitment.yearTo)}</span>
              {fitment.positionLabel && <span>{fitment.positionLabel}</span>}
              <span>{text.quantity(fitment.quantityPerVehicle)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
