import type { EffectiveFrom } from './useEffectiveFrom';
import { loyaltyText } from './loyaltyText';
import styles from './Loyalty.module.css';

const t = loyaltyText.settings;

/** "Thời điểm áp dụng": now or from a later instant (its `datetime-local` field), and the instant's problem. */
export function EffectiveFromFields({ formId, effective, error, onEdit }: { formId: string; effective: EffectiveFrom; error: string | null; onEdit: () => void }) {
  const id = `${formId}-effectiveFrom`;
  return (
    <>
      <fieldset className={styles.choices}>
        <legend>{t.when}</legend>
        <label>
          <input type="radio" name={`${formId}-when`} checked={!effective.later} onChange={() => effective.setLater(false)} />
          {t.now}
        </label>
        <label>
          <input type="radio" name={`${formId}-when`} checked={effective.later} onChange={() => effective.setLater(true)} />
          {t.later}
        </label>
      </fieldset>
      {effective.later && (
        <div className={styles.field}>
          <label htmlFor={id}>{t.laterLabel}</label>
          <input
            id={id}
            type="datetime-local"
            className={styles.input}
            value={effective.when}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              effective.setWhen(event.target.value);
              onEdit();
            }}
          />
        </div>
      )}
      {error && (
        <span id={`${id}-error`} role="alert" className={styles.fieldError}>
          {error}
        </span>
      )}
    </>
  );
}
