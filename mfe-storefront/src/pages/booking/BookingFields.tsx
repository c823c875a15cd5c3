import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { bookingText } from './bookingText';
import styles from './BookingPage.module.css';

interface FieldShell {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** shown under the input when there is no error (e.g. the normalised plate) */
  preview?: string | null;
}

function describedBy(...ids: Array<string | false | undefined | null>): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

type TextInputProps = FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void };

/** A labelled input with its hint, preview and error, wired for screen readers. */
export function TextInput({ label, hint, error, preview, value, onChange, className, ...rest }: TextInputProps) {
  const id = useId();
  const showPreview = !error && preview;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        {...rest}
        id={id}
        className={className ? `${styles.input} ${className}` : styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : null, showPreview && `${id}-preview`, error && `${id}-error`)}
      />
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {showPreview && (
        <p id={`${id}-preview`} className={styles.preview} aria-live="polite">
          {preview}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectInputProps extends FieldShell {
  name: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
}

export function SelectInput({ label, hint, error, name, value, onChange, placeholder, options, disabled }: SelectInputProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        className={styles.input}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : null, error && `${id}-error`)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Back and next under a step. */
export function StepActions({ onBack, children }: { onBack?: () => void; children: ReactNode }) {
  return (
    <div className={styles.actions}>
      {onBack && (
        <button type="button" className={styles.secondary} onClick={onBack}>
          {bookingText.back}
        </button>
      )}
      {children}
    </div>
  );
}
