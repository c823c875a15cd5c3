import styles from './Loyalty.module.css';

/** A rules form's whole-number field: its label, its bounds as a hint and its problem, both read with the input. */
export function RuleNumberField({ id, label, hint, value, error, onChange }: { id: string; label: string; hint: string; value: string; error: string | null; onChange: (text: string) => void }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={styles.input}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-hint`} className={styles.hint}>
        {hint}
      </span>
      {error && (
        <span id={`${id}-error`} role="alert" className={styles.fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}
