import { useState } from 'react';
import { bookingText as t } from '../bookingText';
import { StepActions } from '../BookingFields';
import styles from '../BookingPage.module.css';
import type { StepProps } from './stepProps';

/** Step 3. The service centre: name, address, opening hours and bays. */
export function CentreStep({ state, dispatch, catalogue }: StepProps) {
  const [attempted, setAttempted] = useState(false);
  const missing = attempted && state.centreId === null;
  const onNext = () => {
    if (state.centreId === null) {
      setAttempted(true);
      return;
    }
    dispatch({ type: 'next' });
  };
  return (
    <div className={styles.wizard}>
      <fieldset className={styles.fieldset} aria-describedby={missing ? 'booking-centre-error' : undefined}>
        <legend className={styles.legend}>{t.centresLegend}</legend>
        <ul className={styles.options}>
          {catalogue.centres.map((centre) => (
            <li key={centre.id}>
              <label className={styles.option}>
                <input
                  type="radio"
                  name="centre"
                  checked={state.centreId === centre.id}
                  onChange={() => dispatch({ type: 'centreChosen', centreId: centre.id })}
                />
                <span className={styles.optionText}>
                  <span className={styles.optionTitle}>{centre.name}</span>
                  <span className={styles.muted}>{centre.address}</span>
                  <span className={styles.muted}>
                    {t.openingHours(centre.openTime, centre.closeTime)} · {t.bays(centre.serviceBays)}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {missing && (
          <p id="booking-centre-error" className={styles.error} role="alert">
            {t.chooseCentre}
          </p>
        )}
      </fieldset>
      <StepActions onBack={() => dispatch({ type: 'back' })}>
        <button type="button" className={styles.primary} onClick={onNext}>
          {t.next}
        </button>
      </StepActions>
    </div>
  );
}
